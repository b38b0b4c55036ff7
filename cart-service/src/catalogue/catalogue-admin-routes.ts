import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { readJsonBody } from '@shop/server-kit/json-body';
import { ApiError } from '../http/api-error';
import { sendJson } from '../http/send-json';
import type { CatalogueStore } from '../store/catalogue';
import { CatalogueError, validateCatalogue } from './catalogue-file';

/** A catalogue file of 100,000 products in two languages is about 60 MB of JSON. */
export const CATALOGUE_BODY_BYTES = 256 * 1024 * 1024;

/**
 * POST /admin/catalogue {currency, products}: what `pnpm catalogue import FILE` does, through the running service (the
 * embedded database has one writer, the service). The same checks on the whole file first, every problem listed
 * (400, nothing written), then one transaction: `{imported: {added, updated, unchanged}}`.
 */
export function registerCatalogueAdminRoutes(
  router: Router,
  deps: { catalogue: CatalogueStore; authenticated: Middleware; publicDir: string; logger: Logger },
): void {
  router.post('/admin/catalogue', deps.authenticated, async (ctx) => {
    const body = await readJsonBody(ctx, CATALOGUE_BODY_BYTES);
    try {
      const products = validateCatalogue(body, { origin: 'POST /admin/catalogue', publicDir: deps.publicDir });
      const imported = await deps.catalogue.importProducts(products);
      deps.logger.info({ ...imported, products: products.length }, 'catalogue imported');
      sendJson(ctx, { imported });
    } catch (error) {
      if (error instanceof CatalogueError) throw new ApiError(400, 'validation_failed', error.message);
      throw error;
    }
  });
}
