import type { TrackedOrder } from '@shop/contracts/orders';
import { forwardRef, useId } from 'react';
import { rich } from '../messages/rich-text';
import { useText } from '../messages/messages';
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
  const { t } = useText();
  return (
    // Focus lands here after a search, so the answer is read without hunting for it.
    <section ref={ref} tabIndex={-1} className={styles.result} aria-labelledby={id} data-status={order.status}>
      <h2 id={id} className={styles.resultTitle}>
        {t('orders.result.title', { number: order.number })}
      </h2>
      <p>{rich(t, 'orders.result.status', { status: <strong>{t(orderStatusLabels[order.status])}</strong> })}</p>
      <OrderProgress status={order.status} />
      <dl className={styles.facts}>
        <dt>{t('orders.facts.placedOn')}</dt>
        <dd>
          <OrderDate iso={order.createdAt} />
        </dd>
        {order.updatedAt !== order.createdAt ? (
          <>
            <dt>{t('orders.facts.updatedOn')}</dt>
            <dd>
              <OrderDate iso={order.updatedAt} />
            </dd>
          </>
        ) : null}
        <dt>{t('orders.result.city')}</dt>
        <dd>{order.city}</dd>
      </dl>
      <OrderLines lines={order.lines} total={order.total} apiBase={apiBase} />
    </section>
  );
});
