import type { OrderStatus } from '@shop/contracts/orders';
import { orderStatusDetails, orderStatusLabels, orderSteps } from './order-status';
import styles from './orders.module.css';

/**
 * Reçue → Confirmée → Expédiée → Livrée, the current step marked with `aria-current="step"`. A cancelled order is not
 * a step on that path, so it gets its own notice instead of a half-filled list that would suggest it is still moving.
 */
export function OrderProgress({ status }: { status: OrderStatus }) {
  if (status === 'annulée') {
    return (
      <div className={styles.cancelled} data-status="annulée">
        <p>
          <strong>{orderStatusLabels.annulée}</strong>
        </p>
        <p>{orderStatusDetails.annulée}</p>
      </div>
    );
  }
  const current = orderSteps.indexOf(status);
  return (
    <div>
      <ol className={styles.steps} aria-label="Avancement de la commande">
        {orderSteps.map((step, index) => (
          <li
            key={step}
            className={`${styles.step} ${index < current ? styles.done : ''} ${index === current ? styles.current : ''}`}
            aria-current={index === current ? 'step' : undefined}
          >
            {orderStatusLabels[step]}
            {index < current ? <span className={styles.visuallyHidden}> (étape franchie)</span> : null}
          </li>
        ))}
      </ol>
      <p>{orderStatusDetails[status]}</p>
    </div>
  );
}
