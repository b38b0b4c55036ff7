import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { MerchandisedProductResponse } from '@shop/contracts/merchandising';
import { pictureOf } from '@shop/contracts/photos';
import { embeddedAppPerSuite } from '../test-support/test-app';
import { photographLike } from '../test-support/photographs';

const ADMIN_TOKEN = 'photos-operators-token-0123456789-abcdef';
const { app } = embeddedAppPerSuite({ adminToken: ADMIN_TOKEN });
const headers = { Authorization: `Bearer ${ADMIN_TOKEN}`, 'X-Operator': 'salma' };
const ALT = { 'fr-MA': 'Flacon de sérum sur une pierre', 'ar-MA': 'قارورة السيروم على حجر' };

const upload = async (id: string, version: number, body: Buffer, type = 'image/jpeg') => {
  const query = new URLSearchParams({ version: String(version), 'alt.fr-MA': ALT['fr-MA'], 'alt.ar-MA': ALT['ar-MA'] });
  const res = await fetch(`${app.url}/admin/products/${id}/photos?${query}`, { method: 'POST', headers: { ...headers, 'Content-Type': type }, body });
  return { status: res.status, body: (await res.json()) as MerchandisedProductResponse & { error?: { code: string; message: string } } };
};
const product = async (id: string) => (await (await fetch(`${app.url}/admin/products/${id}`, { headers })).json()) as MerchandisedProductResponse;

describe('product photos over HTTP', () => {
  it('takes a photo with GPS in its EXIF, serves its renditions cleaned and cached for a year, and shows it in the shop', async () => {
    const before = (await product('sv-001')).product;
    const photo = await photographLike(1800, 1800)
      .withExif({ IFD0: { Make: 'Phone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '34/1 1/1 0/1' } })
      .jpeg()
      .toBuffer();
    const added = await upload('sv-001', before.version, photo, 'application/octet-stream');
    expect(added.status).toBe(201);
    const [stored] = added.body.product.photos;
    expect(stored).toMatchObject({ image: expect.stringMatching(/^\/images\/photos\/[0-9a-f]{16}\/1600x1600\.jpg$/), alt: ALT });
    const picture = pictureOf(stored!.image)!;
    for (const candidate of [picture.avif, picture.webp, picture.jpg].flatMap((set) => set.split(',').map((c) => c.split(' ')[0]!))) {
      const res = await fetch(`${app.url}${candidate}`);
      expect(res.status, candidate).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).exif).toBeUndefined();
    }
    expect((await fetch(`${app.url}${picture.avif.split(' ')[0]}`)).headers.get('content-type')).toBe('image/avif');
    const share = await fetch(`${app.url}${stored!.image.replace(/[^/]+$/, 'share.jpg')}`);
    expect(await sharp(Buffer.from(await share.arrayBuffer())).metadata()).toMatchObject({ width: 1200, height: 630 });
    const shop = (await (await fetch(`${app.url}/api/products/sv-001?lang=ar-MA`)).json()) as { product: { images: string[]; imageAlts: string[] } };
    expect(shop.product).toMatchObject({ images: [stored!.image], imageAlts: [ALT['ar-MA']] });
    expect((await fetch(`${app.url}/images/photos/0123456789abcdef/320x320.jpg`)).status).toBe(404);
    expect((await fetch(`${app.url}/images/photos/..%2F..%2Fetc/passwd`)).status).toBe(404);

    // Removed, the product shows its drawing again.
    const arranged = await fetch(`${app.url}/admin/products/sv-001/photos`, {
      method: 'PUT',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ version: added.body.product.version, photos: [] }),
    });
    expect(arranged.status).toBe(200);
    const again = (await (await fetch(`${app.url}/api/products/sv-001`)).json()) as { product: { images: string[]; imageAlts?: string[] } };
    expect(again.product.images).toEqual(before.images);
    expect(again.product.imageAlts).toBeUndefined();
  });

  it('refuses a text file called .jpg, a 41-megapixel PNG, more than 10 MB and a stale version, changing nothing', async () => {
    const { version } = (await product('sv-002')).product;
    const fake = await upload('sv-002', version, Buffer.from('not a photo at all, only text in a file named photo.jpg'));
    expect(fake).toMatchObject({ status: 415, body: { error: { code: 'unsupported_image' } } });
    const huge = await sharp({ create: { width: 6500, height: 6400, channels: 3, background: '#f0e0d0' } }).png({ compressionLevel: 1 }).toBuffer();
    const bomb = await upload('sv-002', version, huge, 'image/png');
    expect(bomb).toMatchObject({ status: 422, body: { error: { code: 'image_too_large', message: 'Cette photo fait 41,6 mégapixels : 40 au plus.' } } });
    const heavy = await upload('sv-002', version, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(10 * 1024 * 1024)]));
    expect(heavy).toMatchObject({ status: 413, body: { error: { message: 'La photo dépasse 10 Mo : envoyez-la plus légère.' } } });
    const stale = await upload('sv-002', version - 1 || 99, await photographLike(400, 400).jpeg().toBuffer());
    expect(stale.status).toBe(409);
    expect((await product('sv-002')).product).toMatchObject({ version, photos: [] });
  });
});
