import { thumbnailOf } from '@shop/contracts/photos';
import type { OrderLine } from '@shop/contracts/orders';
import { useText } from '../messages/messages';
import { ProductImage } from '../shared/product-image';
import styles from './orders.module.css';

interface Props {
  lines: readonly OrderLine[];
  total: number;
  apiBase: string;
}

/**
 * The lines as they were ordered (prices of that day) and the total. A list rather than a table: on a phone each line
 * reads in one piece, with its labels spelt out for screen readers.
 */
export function OrderLines({ lines, total, apiBase }: Props) {
  const { t, price } = useText();
  return (
    <div>
      <ul className={styles.lines} aria-label={t('orders.lines.label')}>
        {lines.map((line) => (
          <li key={line.productId} className={styles.line}>
            <ProductImage src={`${apiBase}${thumbnailOf(line.images[0] ?? '/images/placeholder.svg')}`} alt="" size={64} className={styles.lineImage} />
            <div>
              <p className={styles.lineName}>{line.name}</p>
              <p className={styles.lineMeta}>{t('orders.lines.meta', { quantity: line.quantity, price: price(line.price) })}</p>
            </div>
            <p className={styles.lineTotal}>
              <span className={styles.visuallyHidden}>{`${t('orders.lines.lineTotal')} `}</span>
              {price(line.price * line.quantity)}
            </p>
          </li>
        ))}
      </ul>
      <p className={styles.total}>
        <span>{t('orders.lines.total')}</span> <strong data-testid="order-total">{price(total)}</strong>
      </p>
    </div>
  );
}
