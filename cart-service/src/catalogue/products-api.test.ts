import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@shop/contracts/products';
import { messagesIn } from '../http/api-error';
import { CookieClient } from '../test-support/cookie-client';
import { catalogue, embeddedAppPerSuite } from '../test-support/test-app';

const { app } = embeddedAppPerSuite();
let client: CookieClient;
beforeAll(() => {
  client = new CookieClient(app.url);
});

describe('GET /api/products', () => {
  it('lists the whole catalogue with each product\'s availability, revalidated each time, without a session cookie', async () => {
    const res = await client.get('/api/products');
    expect(res.status).toBe(200);
    expect(res.body.products).toEqual(catalogue().products.map((p) => ({ ...p, availability: { status: 'in-stock' } })));
    expect(res.body.products.length).toBeGreaterThanOrEqual(24);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^W\/"/);
    // As a browser revalidates (fetch() would add `no-cache` to a conditional request unless Cache-Control is given).
    const unchanged = await client.get('/api/products', { 'If-None-Match': etag!, 'Cache-Control': 'max-age=0' });
    expect(unchanged.status).toBe(304);
    expect(res.setCookies).toEqual([]);
  });

  it.each(['face', 'body', 'hair', 'pack'])('filters by category=%s', async (category) => {
    const res = await client.get(`/api/products?category=${category}`);
    expect(res.status).toBe(200);
    const products = res.body.products as Product[];
    expect(products.length).toBeGreaterThanOrEqual(4);
    expect(products.every((p) => p.category === category)).toBe(true);
  });

  it('treats category=all as no filter', async () => {
    const res = await client.get('/api/products?category=all');
    expect(res.body.products).toHaveLength(catalogue().products.length);
  });

  it.each(['makeup', 'FACE', '', 'face,body'])('answers 400 for category=%s', async (category) => {
    const res = await client.get(`/api/products?category=${encodeURIComponent(category)}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'validation_failed', message: 'Catégorie inconnue : utilisez face, body, hair ou pack.' } });
  });

  it('answers 400 when category is given twice', async () => {
    expect((await client.get('/api/products?category=face&category=body')).status).toBe(400);
  });
});

describe('GET /api/products/:id', () => {
  it('finds a product by id or by slug', async () => {
    const byId = await client.get('/api/products/sh-004');
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual({ product: { ...catalogue().byId('sh-004'), availability: { status: 'in-stock' } } });
    const bySlug = await client.get('/api/products/masque-capillaire-karite');
    expect(bySlug.body).toEqual(byId.body);
  });

  it('answers 404 product_not_found for an unknown id', async () => {
    for (const id of ['zz-001', 'x'.repeat(300), '%E0%A4%A', '..%2F..%2Fpackage.json']) {
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
  const inStock = (products: readonly object[]) => products.map((p) => ({ ...p, availability: { status: 'in-stock' } }));

  it('answers in Arabic for ?lang=ar-MA: the same products, ids, slugs, prices and images, Arabic names and descriptions', async () => {
    const res = await client.get('/api/products?lang=ar-MA');
    expect(res.status).toBe(200);
    expect(res.body.products).toEqual(inStock(arabic().products));
    const [first] = res.body.products as Product[];
    expect(first).toMatchObject({ id: 'sv-001', slug: 'serum-eclat-figue-de-barbarie', price: 289, name: 'سيروم الإشراقة بزيت التين الشوكي' });
    const french = (await client.get('/api/products')).body.products as Product[];
    expect((res.body.products as Product[]).map(({ name: _n, description: _d, ...rest }) => rest)).toEqual(
      french.map(({ name: _n, description: _d, ...rest }) => rest),
    );
    // The URL names the language: Accept-Language cannot change this answer, so it does not vary on it.
    expect(res.headers.get('vary') ?? '').not.toMatch(/accept-language/i);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const one = await client.get('/api/products/creme-hydratante-argan?lang=ar-MA');
    expect(one.body).toEqual({ product: { ...arabic().byId('sv-002'), availability: { status: 'in-stock' } } });
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
    const french = await client.get('/api/products?lang=fr-MA', { 'Accept-Language': 'ar' });
    expect(french.body.products).toEqual(inStock(catalogue().products));
    for (const lang of ['en', 'AR-MA', 'ar-MA&lang=fr-MA']) {
      const res = await client.get(`/api/products?lang=${lang}`, { 'Accept-Language': 'ar' });
      expect(res.body.products[0].name, lang).toBe(arabic().products[0]!.name);
      expect(res.headers.get('vary'), lang).toMatch(/accept-language/i);
    }
  });

  it('stays French, byte for byte, without a parameter or a header, and for languages the shop does not speak', async () => {
    const plain = await client.get('/api/products');
    expect(plain.text).toBe(JSON.stringify({ products: inStock(catalogue().products) }));
    expect(plain.body.products[0].name).toBe("Sérum éclat à l'huile de figue de Barbarie");
    // The same URL may answer another language for another header: caches keep one copy per language.
    expect(plain.headers.get('vary')).toMatch(/accept-language/i);
    for (const header of ['en-US,en;q=0.9', 'fr-FR', '*', 'ar;q=0']) {
      expect((await client.get('/api/products', { 'Accept-Language': header })).text, header).toBe(plain.text);
    }
  });

  it('gives each language its own ETag, revalidated like the French one', async () => {
    const french = await client.get('/api/products');
    const arabicAnswer = await client.get('/api/products?lang=ar-MA');
    expect(arabicAnswer.headers.get('etag')).not.toBe(french.headers.get('etag'));
    const etag = arabicAnswer.headers.get('etag')!;
    expect((await client.get('/api/products?lang=ar-MA', { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' })).status).toBe(304);
    expect((await client.get('/api/products', { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' })).status).toBe(200);
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
