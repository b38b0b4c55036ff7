import { CartLine } from './cart-line';
import { cartTotal } from './cart-total';
import { formatPrice } from '@shop/contracts/money';
import type { CartView } from './use-cart-view';
import styles from './cart-dropdown.module.css';

interface Props {
  view: CartView;
  apiBase: string;
}

/** The error flag, the lines (or the empty state) and the total: the same in every view of the cart. */
export function CartContents({ view, apiBase }: Props) {
  const { items, error, setQuantity, remove, removing } = view;
  return (
    <>
      {error ? (
        <p className={styles.error} role="alert">
          {error.message}
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className={styles.empty}>Votre panier est vide.</p>
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
        <span>Total</span> <strong data-testid="cart-total">{formatPrice(cartTotal(items))}</strong>
      </p>
    </>
  );
}
