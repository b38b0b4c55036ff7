import { useCallback, useState } from 'react';
import { showToast } from '@shop/contracts/toast';
import { cartNotices } from '@shop/contracts/cart';
import { removeItem, REMOVE_ERROR } from './cart-api';
import { useText } from '../messages/messages';

/** Remove a line: toast on success and reload; on failure the spec's toast with the error's message, and reload too. */
export function useRemoveItem(apiBase: string, reload: () => Promise<unknown>) {
  const [removing, setRemoving] = useState<ReadonlySet<string>>(new Set());
  const { t, locale } = useText();

  const remove = useCallback(
    async (productId: string) => {
      setRemoving((s) => new Set(s).add(productId));
      try {
        await removeItem(apiBase, { productId });
        showToast('success', cartNotices(locale).itemRemoved);
        await reload();
      } catch (error) {
        const { message } = error as Error;
        showToast('error', t('cart.removeErrorWithReason', { reason: message === REMOVE_ERROR ? t('cart.removeError') : message }));
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
    [apiBase, reload, t, locale],
  );

  return { remove, removing };
}
