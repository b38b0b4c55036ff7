import { useState } from 'react';
import type { CartItem } from '@shop/contracts/cart';
import { formatPrice } from './format-price';
import { DEFAULT_PRODUCT_IMAGE } from './default-image';
import styles from './cart-dropdown.module.css';

interface Props {
  item: CartItem;
  apiBase: string;
}

export function CartLine({ item, apiBase }: Props) {
  const first = item.images[0];
  const [failed, setFailed] = useState(false);
  const src = first && !failed ? `${apiBase}${first}` : DEFAULT_PRODUCT_IMAGE;
  return (
    <li className={styles.line}>
      <img src={src} alt="" width="56" height="56" onError={() => setFailed(true)} />
      <div>
        <p className={styles.name}>{item.name}</p>
        <p>
          <span>{formatPrice(item.price)}</span>
          {item.oldPrice !== undefined ? (
            <s className={styles.oldPrice} aria-label={`Ancien prix ${formatPrice(item.oldPrice)}`}>
              {formatPrice(item.oldPrice)}
            </s>
          ) : null}
        </p>
        <p className={styles.quantity}>Quantité : {item.quantity}</p>
      </div>
    </li>
  );
}
