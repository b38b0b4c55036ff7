import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { drawingPictureOf } from '@shop/contracts/images';
import type { Product } from '@shop/contracts/products';
import { messagesIn } from '../http/api-error';
import { CookieClient } from '../test-support/cookie-client';
import { catalogue, embeddedAppPerSuite } from '../test-support/test-app';

const { app } = embeddedAppPerSuite();
let client: CookieClient;
beforeAll(() => {
  client = new CookieClient(app.url);
});

/** A catalogue file's product as the API serves it: in stock, its drawings with their pictures (decision 049). */
const served = (p: { images: readonly string[] }) => ({ ...p, pictures: p.images.map(drawingPictureOf), availability: { status: 'in-stock' } });
const inStock = (products: readonly { images: readonly string[] }[]) => products.map(served);

describe('GET /api/products', () => {
  it('answers one page of 24 in the shop\'s order, the total, the facets and a cursor, revalidated each time, without a session cookie', async () => {
    const res = await client.get('/api/products');
    expect(res.status).toBe(200);
    const all = catalogue().products;
    expect(res.body.products).toEqual(inStock(all.slice(0, 24)));
    expect(res.body.total).toBe(all.length);
    expect(res.body.nextCursor).toEqual(expect.any(String));
    const count = (category: string) => all.filter((p) => p.category === category).length;
    expect(res.body.facets).toEqual({
      categories: { face: count('face'), body: count('body'), hair: count('hair'), pack: count('pack') },
      prices: {
        'moins-100': all.filter((p) => p.price < 100).length,
        '100-200': all.filter((p) => p.price >= 100 && p.price <= 200).length,
        'plus-200': all.filter((p) => p.price > 200).length,
      },
      promo: all.filter((p) => p.oldPrice !== undefined).length,
      inStock: all.length,
    });
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^W\/"/);
    // As a browser revalidates (fetch() would add `no-cache` to a conditional request unless Cache-Control is given).
    const unchanged = await client.get('/api/products', { 'If-None-Match': etag!, 'Cache-Control': 'max-age=0' });
    expect(unchanged.status).toBe(304);
    expect(res.setCookies).toEqual([]);
  });

  it('hands the rest with the cursor, then says there is no more', async () => {
    const first = await client.get('/api/products');
    const second = await client.get(`/api/products?cursor=${first.body.nextCursor}`);
    expect(second.status).toBe(200);
    expect(second.body.products).toEqual(inStock(catalogue().products.slice(24)));
    expect(second.body.nextCursor).toBeNull();
  });

  it.each(['face', 'body', 'hair', 'pack'])('filters by category=%s', async (category) => {
    const res = await client.get(`/api/products?category=${category}`);
    expect(res.status).toBe(200);
    const products = res.body.products as Product[];
    expect(products.length).toBeGreaterThanOrEqual(4);
    expect(products.every((p) => p.category === category)).toBe(true);
    expect(res.body.total).toBe(products.length);
  });

  it('treats category=all as no filter, and reads the products it is given by id or slug', async () => {
    expect((await client.get('/api/products?category=all&limit=100')).body.products).toHaveLength(catalogue().products.length);
    const some = await client.get('/api/products?ids=sv-003,creme-hydratante-argan,zz-404');
    expect((some.body.products as Product[]).map((p) => p.id)).toEqual(['sv-002', 'sv-003']);
    // A wishlist whose products are all gone from the catalogue reads an empty page.
    const gone = await client.get('/api/products?ids=zz-404,zz-405');
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({ products: [], total: 0, nextCursor: null });
  });

  it.each([
    ['category=makeup', 'Catégorie inconnue : utilisez all, face, body, hair ou pack.'],
    ['category=FACE', 'Catégorie inconnue : utilisez all, face, body, hair ou pack.'],
    ['category=face&category=body', 'Chaque paramètre de la liste ne peut être donné qu’une fois.'],
    ['sort=cheapest', 'Tri inconnu : utilisez pertinence, prix-croissant, prix-decroissant, nouveautes ou nom.'],
    ['prix=0-50', 'Tranche de prix inconnue : utilisez moins-100, 100-200 ou plus-200.'],
    ['promo=yes', 'Les filtres promo et dispo valent 1 (oui) ou 0 (non).'],
    ['limit=0', 'La taille de page doit être un nombre entier entre 1 et 100.'],
    ['limit=101', 'La taille de page doit être un nombre entier entre 1 et 100.'],
    ['cursor=not*a*cursor', 'Le curseur de pagination est invalide : reprenez la liste depuis le début.'],
    ['cursor=bm90LWpzb24', 'Le curseur de pagination est invalide : reprenez la liste depuis le début.'],
    ['ids=SV-001', 'La liste de produits (ids) contient un identifiant invalide ou plus de 100 produits.'],
  ])('answers 400 for %s, saying why in French', async (query, message) => {
    const res = await client.get(`/api/products?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'validation_failed', message } });
  });

  it('refuses the cursor of another query: the list must be read again', async () => {
    const face = await client.get('/api/products?category=face&limit=2');
    const res = await client.get(`/api/products?category=body&limit=2&cursor=${face.body.nextCursor}`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(messagesIn['fr-MA'].cursorInvalid);
  });
});

describe('GET /api/sitemap/products', () => {
  it('says how many sitemap files the products fill, and streams each one as NDJSON in the shop\'s order', async () => {
    const index = await client.get('/api/sitemap/products');
    expect(index.body).toEqual({ products: catalogue().products.length, files: 1 });
    const res = await fetch(`${app.url}/api/sitemap/products/1`);
    expect(res.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    const lines = (await res.text()).trim().split('\n').map((line) => JSON.parse(line) as unknown);
    expect(lines).toEqual(catalogue().products.map((p) => ({ slug: p.slug, updatedAt: p.updatedAt })));
    for (const file of ['2', '0', 'x', '01']) expect((await client.get(`/api/sitemap/products/${file}`)).status, file).toBe(404);
  });
});

describe('GET /api/products/:id', () => {
  it('finds a product by id or by slug, with up to 8 products of its category', async () => {
    const byId = await client.get('/api/products/sh-004');
    expect(byId.status).toBe(200);
    expect(byId.body.product).toEqual(served(catalogue().byId('sh-004')!));
    const hair = catalogue().products.filter((p) => p.category === 'hair' && p.id !== 'sh-004');
    const related = byId.body.related as Product[];
    expect(related.length).toBe(Math.min(8, hair.length));
    expect(related.every((p) => p.category === 'hair' && p.id !== 'sh-004')).toBe(true);
    const bySlug = await client.get('/api/products/masque-capillaire-karite');
    expect(bySlug.body).toEqual(byId.body);
  });

  it('answers 404 product_not_found for an unknown id', async () => {
    for (const id of ['zz-001', 'x'.repeat(300), '%E0%A4%A', '..%2F..%2Fpackage.json', 'sv-001%00', '%00']) {
      const res = await client.get(`/api/products/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toMatch(/^(product_not_found|not_found)$/);
    }
  });

  it('answers 405 with Allow for a change method', async () => {
    const res = await client.post('/api/products/sv-001', {});
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toMatch(/GET/);
    expect(res.body.error.code).toBe('method_not_allowed');
  });
});

describe('GET /api/products in the language asked for', () => {
  const arabic = () => catalogue().in('ar-MA');

  it('answers in Arabic for ?lang=ar-MA: the same products, ids, slugs, prices and images, Arabic names and descriptions', async () => {
    const res = await client.get('/api/products?limit=100&lang=ar-MA');
    expect(res.status).toBe(200);
    expect(res.body.products).toEqual(inStock(arabic().products));
    const [first] = res.body.products as Product[];
    expect(first).toMatchObject({ id: 'sv-001', slug: 'serum-eclat-figue-de-barbarie', price: 289, name: 'سيروم الإشراقة بزيت التين الشوكي' });
    const french = (await client.get('/api/products?limit=100')).body.products as Product[];
    expect((res.body.products as Product[]).map(({ name: _n, description: _d, ...rest }) => rest)).toEqual(
      french.map(({ name: _n, description: _d, ...rest }) => rest),
    );
    // The URL names the language: Accept-Language cannot change this answer, so it does not vary on it.
    expect(res.headers.get('vary') ?? '').not.toMatch(/accept-language/i);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const one = await client.get('/api/products/creme-hydratante-argan?lang=ar-MA');
    expect(one.body.product).toEqual(served(arabic().byId('sv-002')!));
    expect(one.body.product.name).toBe('كريم مرطّب بالأركان');
  });

  it('answers in Arabic for Accept-Language: ar (its first shop language), saying it varies on that header', async () => {
    for (const header of ['ar-MA', 'ar', 'ar-SA,fr;q=0.8', 'en-GB, ar;q=0.9, fr;q=0.5']) {
      const res = await client.get('/api/products?category=face', { 'Accept-Language': header });
      expect(res.body.products, header).toEqual(inStock(arabic().products.filter((p) => p.category === 'face')));
      expect(res.headers.get('vary'), header).toMatch(/accept-language/i);
    }
    const one = await client.get('/api/products/sh-004', { 'Accept-Language': 'ar' });
    expect(one.body.product.name).toBe(arabic().byId('sh-004')!.name);
    expect(one.headers.get('vary')).toMatch(/accept-language/i);
  });

  it('lets the parameter win over the header, and ignores a language the shop does not speak', async () => {
    const french = await client.get('/api/products?limit=100&lang=fr-MA', { 'Accept-Language': 'ar' });
    expect(french.body.products).toEqual(inStock(catalogue().products));
    for (const lang of ['en', 'AR-MA', 'ar-MA&lang=fr-MA']) {
      const res = await client.get(`/api/products?lang=${lang}`, { 'Accept-Language': 'ar' });
      expect(res.body.products[0].name, lang).toBe(arabic().products[0]!.name);
      expect(res.headers.get('vary'), lang).toMatch(/accept-language/i);
    }
  });

  it('stays French, byte for byte, without a parameter or a header, and for languages the shop does not speak', async () => {
    const plain = await client.get('/api/products?limit=100');
    expect(plain.body.products).toEqual(inStock(catalogue().products));
    expect(plain.body.products[0].name).toBe("Sérum éclat à l'huile de figue de Barbarie");
    // The same URL may answer another language for another header: caches keep one copy per language.
    expect(plain.headers.get('vary')).toMatch(/accept-language/i);
    for (const header of ['en-US,en;q=0.9', 'fr-FR', '*', 'ar;q=0']) {
      expect((await client.get('/api/products?limit=100', { 'Accept-Language': header })).text, header).toBe(plain.text);
    }
  });

  it('gives each language its own ETag, revalidated like the French one', async () => {
    const french = await client.get('/api/products?limit=100');
    const arabicAnswer = await client.get('/api/products?limit=100&lang=ar-MA');
    expect(arabicAnswer.headers.get('etag')).not.toBe(french.headers.get('etag'));
    const etag = arabicAnswer.headers.get('etag')!;
    expect((await client.get('/api/products?limit=100&lang=ar-MA', { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' })).status).toBe(304);
    expect((await client.get('/api/products?limit=100', { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' })).status).toBe(200);
  });

  it('refuses in Arabic with the same codes', async () => {
    const category = await client.get('/api/products?category=makeup&lang=ar-MA');
    expect(category.status).toBe(400);
    expect(category.body).toEqual({ error: { code: 'validation_failed', message: messagesIn['ar-MA'].categoryInvalid } });
    const unknown = await client.get('/api/products/zz-001', { 'Accept-Language': 'ar' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: { code: 'product_not_found', message: 'المنتج غير موجود.' } });
    expect(unknown.headers.get('vary')).toMatch(/accept-language/i);
  });
});

describe('GET /images/...', () => {
  it('serves every catalogue image as an SVG with explicit size, cached for a year as immutable', async () => {
    const images = new Set(catalogue().products.flatMap((p) => p.images));
    expect(images.size).toBeGreaterThanOrEqual(catalogue().products.length);
    for (const image of images) {
      expect(image).toMatch(/^\/images\/products\/[a-z0-9-]+\.svg\?v=[0-9a-f]{10}$/);
      const res = await fetch(app.url + image);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/svg+xml');
      expect(res.headers.get('cache-control')).toBe('max-age=31536000,immutable');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      const svg = await res.text();
      expect(svg).toMatch(/<svg [^>]*width="600" height="600" viewBox="0 0 600 600"/);
    }
  });

  it('keeps an image\'s cache headers whatever the language asked: an image does not vary on it', async () => {
    const image = catalogue().products[0]!.images[0]!;
    const res = await fetch(`${app.url}${image}`, { headers: { 'Accept-Language': 'ar' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('max-age=31536000,immutable');
    expect(res.headers.get('vary') ?? '').not.toMatch(/accept-language/i);
  });

  it('serves a placeholder image', async () => {
    const res = await fetch(`${app.url}/images/placeholder.svg`);
    expect(res.status).toBe(200);
  });

  it('answers 404 JSON for a missing image and for paths escaping the images folder', async () => {
    for (const path of ['/images/products/nope.svg', '/images/%2e%2e/%2e%2e/package.json', '/images/..%2f..%2fsrc%2fmain.ts', '/images/', '/images/products/%00.svg']) {
      const res = await client.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
  });
});

describe('compression', () => {
  it('sends the catalogue compressed to a client that accepts it, and plain to one that does not', async () => {
    const get = (headers: Record<string, string>) =>
      new Promise<{ encoding?: string; vary?: string; body: Buffer }>((resolve, reject) => {
        request(`${app.url}/api/products`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ encoding: res.headers['content-encoding'], vary: res.headers.vary, body: Buffer.concat(chunks) }),
          );
        })
          .on('error', reject)
          .end();
      });
    const gzipped = await get({ 'Accept-Encoding': 'gzip' });
    expect(gzipped.encoding).toBe('gzip');
    expect(gzipped.vary).toMatch(/Accept-Encoding/i);
    const plain = await get({ 'Accept-Encoding': 'identity' });
    expect(plain.encoding).toBeUndefined();
    expect(gzipped.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(gunzipSync(gzipped.body).toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
  });

  it('leaves a small answer such as an empty cart uncompressed', async () => {
    const res = await client.get('/api/cart');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
  });
});
