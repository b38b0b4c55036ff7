export function productPath(slug: string): string {
  return `/shop/product/${encodeURIComponent(slug)}`;
}
