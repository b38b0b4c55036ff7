import { discountPercent, formatPrice } from '@shop/contracts/money';
import styles from './price-tag.module.css';

interface Props {
  price: number;
  oldPrice?: number | undefined;
  /** Product pages show a larger price. */
  large?: boolean;
}

/** Price in MAD; on promotion, the old price struck through and the saving in percent. */
export function PriceTag({ price, oldPrice, large = false }: Props) {
  const onSale = oldPrice !== undefined && oldPrice > price;
  return (
    <p className={large ? `${styles.prices} ${styles.large}` : styles.prices} data-price={price}>
      <span className={styles.visuallyHidden}>{onSale ? 'Prix promotionnel :' : 'Prix :'}</span>
      <strong className={styles.price}>{formatPrice(price)}</strong>
      {onSale ? (
        <>
          <span className={styles.visuallyHidden}>au lieu de</span>
          <s className={styles.old}>{formatPrice(oldPrice)}</s>
          <span className={styles.discount}>−{discountPercent(price, oldPrice)} %</span>
        </>
      ) : null}
    </p>
  );
}
