import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pictureOf } from '@shop/contracts/photos';
import { photographLike } from '../test-support/photographs';
import { PhotoRefusedError, processPhoto, sniffImage } from './photo-pipeline';


describe('processPhoto', () => {
  it('makes AVIF, WebP and JPEG at each width up to the photo’s own, upright, with no EXIF or GPS left', async () => {
    // Stored sideways (orientation 6, a phone held upright) with a GPS position and a camera.
    const upload = await photographLike(2000, 1500)
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Make: 'Phone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 37/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '8/1 0/1 0/1' } })
      .jpeg({ quality: 90 })
      .toBuffer();
    const uploaded = await sharp(upload).metadata();
    expect(uploaded.exif?.includes(Buffer.from('Phone'))).toBe(true);
    expect(uploaded.orientation).toBe(6);
    const photo = await processPhoto(upload);
    expect(photo.image).toBe(`/images/photos/${photo.key}/1500x2000.jpg`);
    expect(photo.files.map((f) => f.name)).toEqual([
      ...['320x427', '480x640', '640x853', '960x1280', '1280x1707', '1500x2000'].flatMap((n) => [`${n}.avif`, `${n}.webp`, `${n}.jpg`]),
      'share.jpg',
    ]);
    // Every name pages will ask for (contracts' pictureOf) is a file made here.
    const picture = pictureOf(photo.image)!;
    const named = [picture.avif, picture.webp, picture.jpg].flatMap((set) => set.split(',').map((c) => c.split(' ')[0]!.split('/').at(-1)));
    expect(new Set(named)).toEqual(new Set(photo.files.filter((f) => f.name !== 'share.jpg').map((f) => f.name)));
    for (const file of photo.files) {
      const meta = await sharp(file.bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(sniffImage(file.bytes) ?? meta.format).toBe(file.type === 'image/avif' ? 'heif' : file.type.slice(6));
    }
    const share = await sharp(photo.files.at(-1)!.bytes).metadata();
    expect([share.width, share.height]).toEqual([1200, 630]);
    const largest = await sharp(photo.files.find((f) => f.name === '1500x2000.jpg')!.bytes).metadata();
    expect([largest.width, largest.height]).toEqual([1500, 2000]);
  });

  it('refuses a text file named like a JPEG, and a PNG of more than 40 megapixels before decoding it', async () => {
    const fake = Buffer.from('GIF89a? no: just text pretending to be photo.jpg');
    await expect(processPhoto(fake)).rejects.toMatchObject({ code: 'unsupported_image' });
    const huge = await sharp({ create: { width: 6500, height: 6400, channels: 3, background: '#ffffff' } }).png({ compressionLevel: 1 }).toBuffer();
    const refusal = await processPhoto(huge).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(PhotoRefusedError);
    expect(refusal).toMatchObject({ code: 'image_too_large', message: 'Cette photo fait 41,6 mégapixels : 40 au plus.' });
  });

  it('keeps a small photo at its own size, a transparent PNG on white, and WebP accepted', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    const photo = await processPhoto(png);
    expect(photo.image).toMatch(/\/300x200\.jpg$/);
    const { data } = await sharp(photo.files.find((f) => f.name === '300x200.jpg')!.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(245);
    const webp = await photographLike(800, 800).webp().toBuffer();
    expect((await processPhoto(webp)).image).toMatch(/\/800x800\.jpg$/);
  });
});
