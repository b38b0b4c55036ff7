import { discountPercent } from '@shop/contracts/money';
import { useText } from '../messages/messages';
import styles from './price-tag.module.css';

interface Props {
  price: number;
  oldPrice?: number | undefined;
  /** Product pages show a larger price. */
  large?: boolean;
}

/**
 * Price in MAD, as the page's language writes it; on promotion, the old price struck through and the saving in
 * percent (« −20 % », « خصم 20% »: a word before the number, so it reads the same way in a right-to-left line).
 */
export function PriceTag({ price, oldPrice, large = false }: Props) {
  const { t, price: priceText } = useText();
  const onSale = oldPrice !== undefined && oldPrice > price;
  return (
    <p className={large ? `${styles.prices} ${styles.large}` : styles.prices} data-price={price}>
      <span className={styles.visuallyHidden}>{onSale ? t('shared.price.saleLabel') : t('shared.price.label')}</span>
      <strong className={styles.price}>{priceText(price)}</strong>
      {onSale ? (
        <>
          <span className={styles.visuallyHidden}>{t('shared.price.insteadOf')}</span>
          <s className={styles.old}>{priceText(oldPrice)}</s>
          <span className={styles.discount}>{t('shared.price.discount', { percent: discountPercent(price, oldPrice) })}</span>
        </>
      ) : null}
    </p>
  );
}
