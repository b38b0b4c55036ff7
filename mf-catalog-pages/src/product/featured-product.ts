import type { Product } from '@shop/contracts/products';
import type { FeaturedPick } from './featured-layouts';

/**
 * The catalogue product a featured layout shows, from the availability cart-service gives each product: the first on
 * promotion that can be ordered (else the first that can be ordered), or the first with the stock state the layout is
 * about. Undefined when the catalogue has no such product right now.
 */
export function pickFeatured(products: readonly Product[], pick: FeaturedPick): Product | undefined {
  const orderable = (p: Product) => p.availability.status !== 'out-of-stock';
  if (pick === 'promotion') return products.find((p) => p.oldPrice !== undefined && orderable(p)) ?? products.find(orderable);
  return products.find((p) => p.availability.status === pick);
}
