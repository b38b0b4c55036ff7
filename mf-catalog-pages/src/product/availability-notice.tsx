import type { Availability } from '@shop/contracts/products';
import { useText } from '../messages/messages';
import { restockNoteOf } from '../shared/content/restock-notes';
import styles from './product-details.module.css';

/** What the product page says about stock, from the product's availability as cart-service computed it. */
export function AvailabilityNotice({ availability, slug }: { availability: Availability; slug: string }) {
  const { t } = useText();
  if (availability.status === 'out-of-stock') {
    return (
      <div className={styles.stockOut}>
        <p>
          <strong>{t('product.stock.outTitle')}</strong> {t('product.stock.outText')}
        </p>
        <p>{t(restockNoteOf(slug))}</p>
      </div>
    );
  }
  if (availability.status === 'low-stock') {
    return (
      <p className={styles.stockLow}>
        <strong>{t('product.stock.lowTitle')}</strong> {t('product.stock.lowText', { left: availability.left })}
      </p>
    );
  }
  return <p className={styles.stockIn}>{t('product.stock.in')}</p>;
}
