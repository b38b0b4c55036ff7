import sharp from 'sharp';

/** A photograph-like image: noise, so it compresses as a photo does, not as a flat colour. */
export const photographLike = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#a0603a', noise: { type: 'gaussian', mean: 120, sigma: 40 } } });
