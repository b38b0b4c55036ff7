import type { CartItem } from '@shop/contracts/cart';
import type { Catalogue } from '../catalogue/load-catalogue';
import type { StoredLine } from '../store/cart-store';

export interface ResolvedCart {
  items: CartItem[];
  /** Stored product ids that are no longer in the catalogue: dropped from the answer and from the store. */
  stale: string[];
}

/**
 * Builds the answer from stored lines: name, price, old price and images are read from the catalogue now, never
 * stored and never taken from a client. Lines are listed in catalogue order, the same for every store.
 */
export function resolveCart(lines: readonly StoredLine[], catalogue: Catalogue): ResolvedCart {
  const items: CartItem[] = [];
  const stale: string[] = [];
  for (const line of lines) {
    const product = catalogue.byId(line.productId);
    if (!product) {
      stale.push(line.productId);
      continue;
    }
    items.push({
      productId: product.id,
      name: product.name,
      price: product.price,
      ...(product.oldPrice !== undefined ? { oldPrice: product.oldPrice } : {}),
      quantity: line.quantity,
      images: [...product.images],
    });
  }
  items.sort((a, b) => catalogue.rank(a.productId) - catalogue.rank(b.productId));
  return { items, stale };
}
