import { useCallback, useState } from 'react';
import { showToast } from '@shop/contracts/toast';
import { CART_NOTICES } from '@shop/contracts/cart';
import { removeItem } from './cart-api';

export const ITEM_REMOVED = CART_NOTICES.itemRemoved;

/** Remove a line: toast on success and reload; on failure the spec's toast with the error's message, and reload too. */
export function useRemoveItem(apiBase: string, reload: () => Promise<unknown>) {
  const [removing, setRemoving] = useState<ReadonlySet<string>>(new Set());

  const remove = useCallback(
    async (productId: string) => {
      setRemoving((s) => new Set(s).add(productId));
      try {
        await removeItem(apiBase, { productId });
        showToast('success', ITEM_REMOVED);
        await reload();
      } catch (error) {
        showToast('error', `Failed to remove item: ${(error as Error).message}`);
        // The line may have been removed even though the answer was lost (504): show what the server holds.
        await reload().catch(() => undefined);
      } finally {
        setRemoving((s) => {
          const next = new Set(s);
          next.delete(productId);
          return next;
        });
      }
    },
    [apiBase, reload],
  );

  return { remove, removing };
}
