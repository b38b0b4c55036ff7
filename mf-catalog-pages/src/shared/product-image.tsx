import type { PictureSources } from '@shop/contracts/photos';

interface Props {
  src: string;
  alt: string;
  /** Rendered size in CSS pixels; drawings are square, so width = height and the box is reserved (no layout shift). */
  size: number;
  /** The image's renditions, a photo's or a drawing's, as the API names them (the product's `pictures`). */
  picture?: PictureSources | undefined;
  /** How wide it is drawn at each screen width (`sizes`): what lets a phone take a small rendition of a photo. */
  sizes?: string;
  eager?: boolean;
  className?: string;
}

/**
 * A product's image as AVIF, WebP or JPEG at the width the screen needs (decisions 044 and 049); one the API gives no
 * renditions for, as it is.
 */
export function ProductImage({ src, alt, size, picture, sizes = `${size}px`, eager = false, className }: Props) {
  const img = (
    <img
      src={picture ? picture.fallback : src}
      srcSet={picture?.jpg}
      sizes={picture ? sizes : undefined}
      alt={alt}
      width={size}
      height={picture ? Math.round((size * picture.height) / picture.width) : size}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={eager ? 'high' : 'auto'}
      className={className}
    />
  );
  return picture ? (
    <picture>
      <source type="image/avif" srcSet={picture.avif} sizes={sizes} />
      <source type="image/webp" srcSet={picture.webp} sizes={sizes} />
      {img}
    </picture>
  ) : (
    img
  );
}
