import type { Availability } from '@shop/contracts/products';
import type { StockLevel } from '@shop/contracts/stock';
import type { CatalogueProduct } from './catalogue';

/** At this many units or fewer, shoppers are told how many are left. */
export const LOW_STOCK_THRESHOLD = 5;

export function availabilityOf(onHand: number): Availability {
  if (onHand <= 0) return { status: 'out-of-stock' };
  if (onHand <= LOW_STOCK_THRESHOLD) return { status: 'low-stock', left: onHand };
  return { status: 'in-stock' };
}

export function stockLevelOf(product: Pick<CatalogueProduct, 'id' | 'slug' | 'name'>, onHand: number): StockLevel {
  return { productId: product.id, slug: product.slug, name: product.name, onHand, availability: availabilityOf(onHand) };
}
