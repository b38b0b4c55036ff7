import type { TrackedOrder } from '@shop/contracts/orders';
import { forwardRef, useId } from 'react';
import { OrderDate } from './order-date';
import { OrderLines } from './order-lines';
import { OrderProgress } from './order-progress';
import { orderStatusLabels } from './order-status';
import styles from './orders.module.css';

interface Props {
  order: TrackedOrder;
  apiBase: string;
}

/** A tracked order: no name or address (the number and phone may have been shared), only what it takes to follow it. */
export const TrackedOrderView = forwardRef<HTMLElement, Props>(function TrackedOrderView({ order, apiBase }, ref) {
  const id = useId();
  return (
    // Focus lands here after a search, so the answer is read without hunting for it.
    <section ref={ref} tabIndex={-1} className={styles.result} aria-labelledby={id} data-status={order.status}>
      <h2 id={id} className={styles.resultTitle}>
        Commande {order.number}
      </h2>
      <p>
        Statut : <strong>{orderStatusLabels[order.status]}</strong>
      </p>
      <OrderProgress status={order.status} />
      <dl className={styles.facts}>
        <dt>Passée le</dt>
        <dd>
          <OrderDate iso={order.createdAt} />
        </dd>
        {order.updatedAt !== order.createdAt ? (
          <>
            <dt>Mise à jour le</dt>
            <dd>
          <OrderDate iso={order.updatedAt} />
        </dd>
          </>
        ) : null}
        <dt>Ville de livraison</dt>
        <dd>{order.city}</dd>
      </dl>
      <OrderLines lines={order.lines} total={order.total} apiBase={apiBase} />
    </section>
  );
});
