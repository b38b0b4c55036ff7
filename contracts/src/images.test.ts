import { describe, expect, it } from 'vitest';
import { RENDITION_FORMATS, drawingPictureOf, drawingRenditionOf, renditionPath, renditionSource } from './images';
import { PHOTO_WIDTHS } from './photos';

describe('PNG renditions of SVG images', () => {
  it('names the PNG beside the SVG, keeping its version', () => {
    expect(renditionPath('/images/products/huile.svg?v=1a2b')).toBe('/images/products/huile.png?v=1a2b');
    expect(renditionPath('/images/products/huile.svg')).toBe('/images/products/huile.png');
  });
  it('leaves a raster image as it is', () => {
    expect(renditionPath('/images/products/huile.jpg?v=1')).toBe('/images/products/huile.jpg?v=1');
  });
  it('finds the SVG a rendition comes from, and nothing for other paths', () => {
    expect(renditionSource('/images/products/huile.png')).toBe('/images/products/huile.svg');
    expect(renditionSource('/images/products/huile.svg')).toBeNull();
    expect(renditionSource('/api/products.png')).toBeNull();
  });
});

describe("a drawing's pictures (decision 049)", () => {
  it('names a square rendition per photo width in each format, keeping the version', () => {
    const picture = drawingPictureOf('/images/products/huile.svg?v=1a2b')!;
    expect(picture.width).toBe(PHOTO_WIDTHS.at(-1));
    expect(picture.height).toBe(picture.width);
    expect(picture.avif.split(',')).toEqual(PHOTO_WIDTHS.map((w) => `/images/products/huile.${w}w.avif?v=1a2b ${w}w`));
    expect(picture.webp).toContain('/images/products/huile.640w.webp?v=1a2b 640w');
    expect(picture.jpg).toContain('/images/products/huile.1600w.jpg?v=1a2b 1600w');
    expect(picture.fallback).toBe(`/images/products/huile.${PHOTO_WIDTHS[0]}w.jpg?v=1a2b`);
  });
  it('has none for a photo or a raster file', () => {
    expect(drawingPictureOf('/images/photos/0123456789abcdef/1600x1200.jpg')).toBeNull();
    expect(drawingPictureOf('/images/products/huile.webp')).toBeNull();
  });
  it('reads back what every named rendition asks for, and refuses widths it does not make', () => {
    const picture = drawingPictureOf('/images/products/huile.svg')!;
    for (const format of Object.keys(RENDITION_FORMATS)) {
      for (const candidate of picture[format as keyof typeof RENDITION_FORMATS].split(',')) {
        const [path, width] = candidate.split(' ');
        expect(drawingRenditionOf(path!)).toEqual({ svg: '/images/products/huile.svg', width: parseInt(width!, 10), format });
      }
    }
    expect(drawingRenditionOf('/images/products/huile.321w.webp')).toBeNull();
    expect(drawingRenditionOf('/images/products/huile.320w.gif')).toBeNull();
    expect(drawingRenditionOf('/api/huile.320w.webp')).toBeNull();
    expect(drawingRenditionOf('/images/products/huile.png')).toBeNull();
  });
});
