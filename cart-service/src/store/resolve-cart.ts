import type { CartItem } from '@shop/contracts/cart';
import type { Catalogue } from './catalogue';
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
    // The catalogue's frozen image list is shared, not copied: the answer is serialised at once.
    const images = product.images as string[];
    items.push(
      product.oldPrice === undefined
        ? { productId: product.id, name: product.name, price: product.price, quantity: line.quantity, images }
        : { productId: product.id, name: product.name, price: product.price, oldPrice: product.oldPrice, quantity: line.quantity, images },
    );
  }
  if (items.length > 1) items.sort((a, b) => catalogue.rank(a.productId) - catalogue.rank(b.productId));
  return { items, stale };
}
