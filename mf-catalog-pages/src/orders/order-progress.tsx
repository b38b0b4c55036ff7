import type { OrderStatus } from '@shop/contracts/orders';
import { useText } from '../messages/messages';
import { orderStatusDetails, orderStatusLabels, orderSteps } from './order-status';
import styles from './orders.module.css';

/**
 * Reçue → Confirmée → Expédiée → Livrée, the current step marked with `aria-current="step"`. A cancelled order is not
 * a step on that path, so it gets its own notice instead of a half-filled list that would suggest it is still moving.
 */
export function OrderProgress({ status }: { status: OrderStatus }) {
  const { t } = useText();
  if (status === 'annulée') {
    return (
      <div className={styles.cancelled} data-status="annulée">
        <p>
          <strong>{t(orderStatusLabels.annulée)}</strong>
        </p>
        <p>{t(orderStatusDetails.annulée)}</p>
      </div>
    );
  }
  const current = orderSteps.indexOf(status);
  return (
    <div>
      <ol className={styles.steps} aria-label={t('orders.progress.label')}>
        {orderSteps.map((step, index) => (
          <li
            key={step}
            className={`${styles.step} ${index < current ? styles.done : ''} ${index === current ? styles.current : ''}`}
            aria-current={index === current ? 'step' : undefined}
          >
            {t(orderStatusLabels[step])}
            {index < current ? <span className={styles.visuallyHidden}>{` ${t('orders.progress.done')}`}</span> : null}
          </li>
        ))}
      </ol>
      <p>{t(orderStatusDetails[status])}</p>
    </div>
  );
}
