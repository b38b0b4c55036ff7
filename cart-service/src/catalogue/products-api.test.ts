import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@shop/contracts/products';
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
