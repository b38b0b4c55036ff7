import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { z } from 'zod';
import { BodyTooLargeError, readBodyWithin } from '@shop/server-kit/read-body';
import { readJsonBody } from '@shop/server-kit/json-body';
import { SHOP_LOCALES, type ShopLocale } from '@shop/contracts/locales';
import { MERCHANDISING_MESSAGES, PHOTO_ALT_MAX, type MerchandisedProductResponse, type ProductPhoto } from '@shop/contracts/merchandising';
import { MAX_PHOTOS, PHOTO_UPLOAD_LIMITS } from '@shop/contracts/photos';
import { ApiError, messages } from '../http/api-error';
import { sendJson } from '../http/send-json';
import { answerRefusal, authorOf, productIdOf, sendStaleVersion } from '../http/merchandising-answers';
import type { MerchandisingStore } from '../store/merchandising';
import { checkPhoto, PhotoRefusedError, processPhoto } from './photo-pipeline';
import { PHOTO_KEY, RENDITION_FILE, type PhotoStorage } from './photo-storage';
import { IMAGE_MAX_AGE_MS } from '../http/static-images';

export interface PhotoDeps {
  store: MerchandisingStore;
  /** Where renditions are kept; undefined: uploads answer 503 (a test app without a data folder). */
  storage: PhotoStorage | undefined;
  authenticated: Middleware;
  bodyLimitBytes: number;
  logger: Logger;
}

const alt = z.string().trim().min(1).max(PHOTO_ALT_MAX);
const altTexts = z.strictObject(Object.fromEntries(SHOP_LOCALES.map((locale) => [locale, alt])) as Record<ShopLocale, typeof alt>);
const arrangement = z.strictObject({
  version: z.number().int().min(1),
  photos: z.array(z.strictObject({ image: z.string().max(200), alt: altTexts })).max(MAX_PHOTOS),
});
const ALT_MESSAGE = `Le texte de remplacement de chaque photo, en français et en arabe : de 1 à ${PHOTO_ALT_MAX} caractères.`;

/**
 * Product photos (decision 044):
 *   POST /admin/products/:id/photos?version=&alt.fr-MA=&alt.ar-MA=   the photo's bytes as the body, whatever its declared
 *        type: recognised by content, made into renditions, stored, then added to the product (201)
 *   PUT  /admin/products/:id/photos {version, photos}                 reorder, remove, retitle
 *   GET  /images/photos/:key/:file                                   a rendition, cached a year (immutable)
 */
export function registerPhotoRoutes(router: Router, deps: PhotoDeps): void {
  const { store, storage, authenticated, logger } = deps;

  router.post('/admin/products/:id/photos', authenticated, async (ctx) => {
    const id = productIdOf(ctx);
    const version = Number(ctx.query['version']);
    const texts = altTexts.safeParse(Object.fromEntries(SHOP_LOCALES.map((locale) => [locale, ctx.query[`alt.${locale}`]])));
    if (!Number.isInteger(version) || version < 1) throw new ApiError(400, 'validation_failed', 'La version du produit lue avant la modification manque.', { extra: { fields: { version: 'La version du produit lue avant la modification manque.' } } });
    if (!texts.success) throw new ApiError(400, 'validation_failed', ALT_MESSAGE, { extra: { fields: { alt: ALT_MESSAGE } } });
    if (!storage) throw new ApiError(503, 'unavailable', messages.unavailable);
    let upload: Buffer;
    try {
      upload = await readBodyWithin(ctx.req, PHOTO_UPLOAD_LIMITS.bytes);
    } catch (error) {
      if (error instanceof BodyTooLargeError) throw new ApiError(413, 'payload_too_large', MERCHANDISING_MESSAGES.photoTooHeavy);
      throw error;
    }
    const refused = (error: unknown): never => {
      if (error instanceof PhotoRefusedError) throw new ApiError(error.code === 'unsupported_image' ? 415 : 422, error.code, error.message);
      throw error;
    };
    // What the file is, then the product: no renditions made for a product that is not there or was changed meanwhile.
    const checked = await checkPhoto(upload).catch(refused);
    const before = await store.merchandisedProduct(id);
    if (!before) throw new ApiError(404, 'product_not_found', MERCHANDISING_MESSAGES.productNotFound);
    if (before.version !== version) return sendStaleVersion(ctx, before);
    const photo = await processPhoto(upload, checked).catch(refused);
    for (const file of photo.files) await storage.put(photo.key, file.name, file.bytes, file.type);
    const author = authorOf(ctx);
    try {
      const product = await store.addPhoto(id, version, { image: photo.image, alt: texts.data }, author);
      const response: MerchandisedProductResponse = { product };
      sendJson(ctx, response, 201);
      logger.info({ product: id, operator: author.by, photo: photo.key, bytes: upload.length }, 'photo added');
    } catch (error) {
      answerRefusal(ctx, error);
    }
  });

  router.put('/admin/products/:id/photos', authenticated, async (ctx) => {
    const id = productIdOf(ctx);
    const parsed = arrangement.safeParse(await readJsonBody(ctx, deps.bodyLimitBytes));
    if (!parsed.success) throw new ApiError(400, 'validation_failed', ALT_MESSAGE, { extra: { fields: { photos: ALT_MESSAGE } } });
    const author = authorOf(ctx);
    try {
      const product = await store.arrangePhotos(id, parsed.data.version, parsed.data.photos as ProductPhoto[], author);
      sendJson(ctx, { product } satisfies MerchandisedProductResponse);
      logger.info({ product: id, operator: author.by, photos: product.photos.length }, 'photos arranged');
    } catch (error) {
      answerRefusal(ctx, error);
    }
  });

  router.get('/images/photos/:key/:file', async (ctx) => {
    const key = String(ctx.params['key'] ?? '');
    const file = String(ctx.params['file'] ?? '');
    const found = storage && PHOTO_KEY.test(key) && RENDITION_FILE.test(file) ? await storage.get(key, file) : undefined;
    if (!found) throw new ApiError(404, 'not_found', messages.notFound);
    ctx.set('Cache-Control', `public, max-age=${IMAGE_MAX_AGE_MS / 1000}, immutable`);
    ctx.type = found.type;
    ctx.body = found.bytes;
  });
}
