import { describe, expect, it } from 'vitest';
import { pictureOf, renditionSizes, shareImageOf, thumbnailOf } from './photos';

describe('photos', () => {
  it('names every rendition of a photo from its largest JPEG, none wider than it', () => {
    const picture = pictureOf('/images/photos/0123456789abcdef/1000x750.jpg');
    expect(picture).toEqual({
      width: 1000,
      height: 750,
      avif: '/images/photos/0123456789abcdef/320x240.avif 320w,/images/photos/0123456789abcdef/480x360.avif 480w,/images/photos/0123456789abcdef/640x480.avif 640w,/images/photos/0123456789abcdef/960x720.avif 960w,/images/photos/0123456789abcdef/1000x750.avif 1000w',
      webp: expect.stringContaining('/images/photos/0123456789abcdef/1000x750.webp 1000w'),
      jpg: expect.stringMatching(/^\/images\/photos\/0123456789abcdef\/320x240\.jpg 320w,.*1000x750\.jpg 1000w$/),
      fallback: '/images/photos/0123456789abcdef/320x240.jpg',
    });
    expect(shareImageOf('/images/photos/0123456789abcdef/1000x750.jpg')).toBe('/images/photos/0123456789abcdef/share.jpg');
    expect(pictureOf('http://localhost:4000/images/photos/0123456789abcdef/1000x750.jpg')?.fallback).toBe('http://localhost:4000/images/photos/0123456789abcdef/320x240.jpg');
    expect(thumbnailOf('/images/photos/0123456789abcdef/1000x750.jpg')).toBe('/images/photos/0123456789abcdef/320x240.jpg');
    expect(thumbnailOf('/images/products/x.svg?v=1')).toBe('/images/products/x.svg?v=1');
  });

  it('leaves a drawing alone, and a small photo has its own width only', () => {
    expect(pictureOf('/images/products/x.svg?v=1')).toBeNull();
    expect(shareImageOf('/images/products/x.svg?v=1')).toBeNull();
    expect(renditionSizes(300, 200)).toEqual([{ width: 300, height: 200 }]);
    expect(renditionSizes(1600, 1600).map((s) => s.width)).toEqual([320, 480, 640, 960, 1280, 1600]);
    expect(pictureOf('/images/photos/0123456789abcdef/300x200.jpg')).toMatchObject({ jpg: '/images/photos/0123456789abcdef/300x200.jpg 300w', fallback: '/images/photos/0123456789abcdef/300x200.jpg' });
  });
});
