import type { Availability, Product } from '@shop/contracts/products';
import type { StockLevel } from '@shop/contracts/stock';
import type { CatalogueProduct } from './catalogue';

/** At this many units or fewer, shoppers are told how many are left. */
export const LOW_STOCK_THRESHOLD = 5;

export function availabilityOf(onHand: number): Availability {
  if (onHand <= 0) return { status: 'out-of-stock' };
  if (onHand <= LOW_STOCK_THRESHOLD) return { status: 'low-stock', left: onHand };
  return { status: 'in-stock' };
}

/** A catalogue product as the API serves it: with what can be ordered now. */
export function withAvailability(product: CatalogueProduct, stock: ReadonlyMap<string, number>): Product {
  return { ...product, availability: availabilityOf(stock.get(product.id) ?? 0) };
}

export function stockLevelOf(product: CatalogueProduct, onHand: number): StockLevel {
  return { productId: product.id, slug: product.slug, name: product.name, onHand, availability: availabilityOf(onHand) };
}
