import { useCallback, useRef, useState } from 'react';
import { showToast } from '@shop/contracts/toast';
import { updateQuantity } from './cart-api';
import { cartNotices, QUANTITY_LIMITS } from '@shop/contracts/cart';
import { useText } from '../messages/messages';
import { withoutPending } from './optimistic-quantities';
import type { PendingQuantities } from './optimistic-quantities';

interface Sync {
  /** The latest quantity the shopper asked for. */
  target: number;
}

/**
 * Optimistic quantity changes. The new quantity shows at once; one request per product is in flight at a
 * time, and clicks made meanwhile are coalesced into the next request, so the server ends at the last
 * quantity asked for whatever the network does. The pending value stays on screen until the reloaded
 * cart has arrived, so an older value never flickers back.
 */
export function useQuantityUpdates(apiBase: string, reload: () => Promise<unknown>) {
  const [pending, setPending] = useState<PendingQuantities>({});
  const syncs = useRef(new Map<string, Sync>());
  const { t, locale } = useText();

  const run = useCallback(
    async (productId: string, sync: Sync) => {
      try {
        for (;;) {
          const sent = sync.target;
          await updateQuantity(apiBase, { productId, quantity: sent });
          if (sync.target !== sent) continue;
          showToast('success', cartNotices(locale).quantityUpdated, { toastId: `quantity-${productId}` });
          await reload();
          if (sync.target === sent) break;
        }
        syncs.current.delete(productId);
        setPending((p) => withoutPending(p, productId));
      } catch {
        syncs.current.delete(productId);
        showToast('error', t('cart.updateError'), { toastId: `quantity-error-${productId}` });
        // Back to the server's state.
        await reload().catch(() => undefined);
        setPending((p) => withoutPending(p, productId));
      }
    },
    [apiBase, reload, t, locale],
  );

  const setQuantity = useCallback(
    (productId: string, quantity: number) => {
      if (!Number.isInteger(quantity) || quantity < QUANTITY_LIMITS.min) return;
      setPending((p) => ({ ...p, [productId]: quantity }));
      const existing = syncs.current.get(productId);
      if (existing) {
        existing.target = quantity;
        return;
      }
      const sync: Sync = { target: quantity };
      syncs.current.set(productId, sync);
      void run(productId, sync);
    },
    [run],
  );

  return { pending, setQuantity };
}
