import { thumbnailOf } from '@shop/contracts/photos';
import { useState } from 'react';
import type { CartItem } from '@shop/contracts/cart';
import { DEFAULT_PRODUCT_IMAGE } from './default-image';
import { useText } from '../messages/messages';
import { QUANTITY_LIMITS } from '@shop/contracts/cart';
import { FormName, useFormAction } from '@shop/contracts/form-post';
import { POST_IN_BACKGROUND } from '@shop/contracts/forms';
import { stepQuantity } from './optimistic-quantities';
import styles from './cart-dropdown.module.css';

interface Props {
  item: CartItem;
  apiBase: string;
  onQuantity: (productId: string, quantity: number) => void;
  onRemove: (productId: string) => void;
  removing: boolean;
}

export function CartLine({ item, apiBase, onQuantity, onRemove, removing }: Props) {
  const { t, price } = useText();
  const first = item.images[0];
  const [failed, setFailed] = useState(false);
  const src = first && !failed ? `${apiBase}${thumbnailOf(first)}` : DEFAULT_PRODUCT_IMAGE;
  const atMinimum = item.quantity <= QUANTITY_LIMITS.min;
  const less = stepQuantity(item.quantity, -1);
  const more = stepQuantity(item.quantity, 1);
  // Real forms first (decision 026): the browser posts them without JavaScript, and the shop's server changes the cart;
  // before the page hydrates, its head script posts them in the background; once hydrated, the clicks change it here
  // (optimistic). With JavaScript no page is loaded.
  const action = useFormAction();
  const handled = (change: () => void) => (event: { preventDefault(): void }) => {
    event.preventDefault();
    change();
  };
  return (
    <li className={styles.line} data-product-id={item.productId}>
      <img src={src} alt="" width="56" height="56" onError={() => setFailed(true)} />
      <div className={styles.details}>
        <p className={styles.name}>{item.name}</p>
        <p className={styles.prices}>
          <span>{price(item.price)}</span>
          {item.oldPrice !== undefined ? (
            <s className={styles.oldPrice}>
              <span className={styles.visuallyHidden}>{t('cart.oldPrice')}</span>
              {price(item.oldPrice)}
            </s>
          ) : null}
        </p>
        <form method="post" action={action} className={styles.inlineForm} {...POST_IN_BACKGROUND}>
        <FormName form="cart-update" />
        <input type="hidden" name="productId" value={item.productId} />
        <div className={styles.quantity} role="group" aria-label={t('cart.quantityOf', { name: item.name })}>
          <button
            type="submit"
            name="quantity"
            value={less}
            onClick={handled(() => onQuantity(item.productId, less))}
            disabled={atMinimum}
            aria-label={t('cart.less', { name: item.name })}
          >
            −
          </button>
          <input
            type="text"
            inputMode="numeric"
            readOnly
            value={item.quantity}
            aria-label={t('cart.quantityOf', { name: item.name })}
            data-testid="cart-quantity"
          />
          <button
            type="submit"
            name="quantity"
            value={more}
            onClick={handled(() => onQuantity(item.productId, more))}
            aria-label={t('cart.more', { name: item.name })}
          >
            +
          </button>
        </div>
        </form>
      </div>
      <form method="post" action={action} className={styles.inlineForm} {...POST_IN_BACKGROUND}>
      <FormName form="cart-remove" />
      <input type="hidden" name="productId" value={item.productId} />
      <button
        type="submit"
        className={styles.remove}
        onClick={handled(() => onRemove(item.productId))}
        disabled={removing}
        aria-label={t('cart.remove', { name: item.name })}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      </form>
    </li>
  );
}
