interface Props {
  src: string;
  alt: string;
  /** Rendered size in CSS pixels; the SVGs are square, so width = height and the box is reserved (no layout shift). */
  size: number;
  eager?: boolean;
  className?: string;
}

export function ProductImage({ src, alt, size, eager = false, className }: Props) {
  return (
    <img
      src={src}
      alt={alt}
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={eager ? 'high' : 'auto'}
      className={className}
    />
  );
}
