import type { CartItem } from '@shop/contracts/cart';
import { withPendingQuantities } from './optimistic-quantities';
import { useCart } from './use-cart';
import { useQuantityUpdates } from './use-quantity-updates';
import { useRemoveItem } from './use-remove-item';

export interface CartView {
  /** The server's lines with the shopper's pending quantities laid over them. */
  items: CartItem[];
  error: Error | undefined;
  setQuantity: (productId: string, quantity: number) => void;
  remove: (productId: string) => Promise<void>;
  removing: ReadonlySet<string>;
}

/** Everything a view of the cart needs: the dropdown, the cart page and the checkout's lines share it. */
export function useCartView(apiBase: string): CartView {
  const { items, error, reload } = useCart(apiBase);
  const { pending, setQuantity } = useQuantityUpdates(apiBase, reload);
  const { remove, removing } = useRemoveItem(apiBase, reload);
  return { items: withPendingQuantities(items, pending), error, setQuantity, remove, removing };
}
