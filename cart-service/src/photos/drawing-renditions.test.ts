import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_RENDITION, RENDITION_FORMATS, renditionPath } from '@shop/contracts/images';
import type { Product } from '@shop/contracts/products';
import { CookieClient } from '../test-support/cookie-client';
import { catalogue, embeddedAppPerSuite } from '../test-support/test-app';

const { app } = embeddedAppPerSuite();

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Width and height from a PNG's IHDR chunk (right after the signature). */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describe('GET /images/....png: PNG renditions of the SVG images, for link previews', () => {
  it('serves every catalogue image as a 1200 × 1200 PNG, cached for a year as immutable', async () => {
    const images = [...new Set(catalogue().products.flatMap((p) => p.images))];
    for (const image of images) {
      const res = await fetch(app.url + renditionPath(image));
      expect(res.status, image).toBe(200);
      expect(res.headers.get('content-type')).toBe(IMAGE_RENDITION.type);
      expect(res.headers.get('cache-control')).toBe('max-age=31536000,immutable');
      const png = Buffer.from(await res.arrayBuffer());
      expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      expect(pngSize(png)).toEqual({ width: IMAGE_RENDITION.width, height: IMAGE_RENDITION.height });
      // Link previews refuse heavy images (WhatsApp's limit is a few hundred kB).
      expect(png.length).toBeLessThan(300_000);
    }
  });

  it('gives the same bytes to requests made at once and later (one rendition per image)', async () => {
    const path = renditionPath(catalogue().products[1]!.images[0]!);
    const [a, b] = await Promise.all([fetch(app.url + path), fetch(app.url + path)]);
    const c = await fetch(app.url + path);
    const [first, ...others] = await Promise.all([a, b, c].map(async (r) => Buffer.from(await r.arrayBuffer())));
    for (const other of others) expect(other.equals(first!)).toBe(true);
  });

  it('answers HEAD with the type and no body, and 404 JSON where no SVG stands behind the name', async () => {
    const head = await fetch(app.url + renditionPath(catalogue().products[0]!.images[0]!), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/png');
    const client = new CookieClient(app.url);
    for (const path of ['/images/products/nope.png', '/images/%2e%2e/%2e%2e/package.png', '/images/..%2f..%2fsrc%2fmain.png', '/images/.png']) {
      const res = await client.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
  });
});

describe("GET /images/x.<width>w.<format>: a drawing's pictures, for pages (decision 049)", () => {
  const candidates = (srcset: string) => srcset.split(',').map((candidate) => candidate.split(' ') as [string, string]);

  it('gives every drawing of the catalogue its pictures, each candidate the width it names, square, in its format', async () => {
    const { products } = (await new CookieClient(app.url).get('/api/products?limit=100')).body as { products: Product[] };
    expect(products.length).toBe(catalogue().products.length);
    for (const product of products) expect(product.pictures?.length, product.id).toBe(product.images.length);
    // Every rendition of one product; the others' are made the same way.
    const picture = products[0]!.pictures![0]!;
    for (const format of Object.keys(RENDITION_FORMATS) as (keyof typeof RENDITION_FORMATS)[]) {
      for (const [path, width] of candidates(picture[format])) {
        const res = await fetch(app.url + path);
        expect(res.status, path).toBe(200);
        expect(res.headers.get('content-type')).toBe(RENDITION_FORMATS[format]);
        expect(res.headers.get('cache-control')).toBe('max-age=31536000,immutable');
        const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
        expect(meta, path).toMatchObject({ format: format === 'jpg' ? 'jpeg' : format === 'avif' ? 'heif' : format, width: parseInt(width, 10), height: parseInt(width, 10) });
      }
    }
    expect((await fetch(app.url + picture.fallback)).headers.get('content-type')).toBe('image/jpeg');
  }, 60_000);

  it('answers 404 JSON for a width pages never ask for, a drawing that is not there, or a path out of the folder', async () => {
    const client = new CookieClient(app.url);
    const drawing = catalogue().products[0]!.images[0]!.replace(/\.svg\?.*$/, '');
    for (const path of [`${drawing}.321w.webp`, `${drawing}.320w.gif`, '/images/products/nope.320w.webp', '/images/%2e%2e/%2e%2e/package.320w.webp']) {
      const res = await client.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.error.code, path).toBe('not_found');
    }
  });
});
