import { CartLine } from './cart-line';
import { cartTotal } from './cart-total';
import { useText } from '../messages/messages';
import type { CartView } from './use-cart-view';
import styles from './cart-dropdown.module.css';

interface Props {
  view: CartView;
  apiBase: string;
}

/** The error flag, the lines (or the empty state) and the total: the same in every view of the cart. */
export function CartContents({ view, apiBase }: Props) {
  const { items, error, setQuantity, remove, removing } = view;
  const { t, price } = useText();
  return (
    <>
      {error ? (
        <p className={styles.error} role="alert">
          {t('cart.fetchError')}
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className={styles.empty}>{t('cart.empty')}</p>
      ) : (
        <ul className={styles.lines}>
          {items.map((item) => (
            <CartLine
              key={item.productId}
              item={item}
              apiBase={apiBase}
              onQuantity={setQuantity}
              onRemove={(productId) => void remove(productId)}
              removing={removing.has(item.productId)}
            />
          ))}
        </ul>
      )}
      <p className={styles.total}>
        <span>{t('cart.total')}</span> <strong data-testid="cart-total">{price(cartTotal(items))}</strong>
      </p>
    </>
  );
}
