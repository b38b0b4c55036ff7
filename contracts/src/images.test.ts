import { describe, expect, it } from 'vitest';
import { renditionPath, renditionSource } from './images';

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
