import type { Product } from '@shop/contracts/products';
import { availabilityOf } from '../content/merchandising';
import type { FeaturedPick } from './product-layouts';

/** The catalogue product a featured layout shows: the first on promotion, or the first with the stock state it is about. */
export function pickFeatured(products: readonly Product[], pick: FeaturedPick): Product | undefined {
  const inStock = (p: Product) => availabilityOf(p.slug).status === 'in-stock';
  if (pick === 'promotion') return products.find((p) => p.oldPrice !== undefined && inStock(p)) ?? products.find(inStock);
  return products.find((p) => availabilityOf(p.slug).status === pick);
}
