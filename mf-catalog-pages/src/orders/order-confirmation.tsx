import type { Order } from '@shop/contracts/orders';
import { useId } from 'react';
import { ShopLink } from '@shop/contracts/shop-link';
import { useText } from '../messages/messages';
import { rich } from '../messages/rich-text';
import { shopInfo } from '../shared/content/shop-info';
import buttons from '../shared/buttons.module.css';
import page from '../shared/page.module.css';
import { OrderDate } from './order-date';
import { formatMoroccanPhone } from './format-phone';
import { OrderLines } from './order-lines';
import { OrderNumberBox } from './order-number-box';
import { orderStatusLabels } from './order-status';
import styles from './orders.module.css';

/** What the shopper sees once the order is placed: its number, what was ordered, where it goes, and what happens next. */
export function OrderConfirmation({ order, apiBase }: { order: Order; apiBase: string }) {
  const { t, price } = useText();
  const ids = useId();
  // Phone numbers read left to right on an Arabic page too (their groups of digits would otherwise swap places).
  const phone = (
    <span className={styles.phone} dir="ltr">
      {formatMoroccanPhone(order.delivery.phone)}
    </span>
  );
  const shopPhone = (
    <a href={shopInfo.phoneHref} dir="ltr">
      {shopInfo.phone}
    </a>
  );
  return (
    <>
      <div>
        <h1 className={page.title}>{t('orders.confirmation.title')}</h1>
        <p className={styles.lead}>{rich(t, 'orders.confirmation.lead', { phone })}</p>
      </div>
      <OrderNumberBox number={order.number} />
      <dl className={styles.facts}>
        <dt>{t('orders.facts.status')}</dt>
        <dd data-status={order.status}>{t(orderStatusLabels[order.status])}</dd>
        <dt>{t('orders.facts.placedOn')}</dt>
        <dd>
          <OrderDate iso={order.createdAt} />
        </dd>
      </dl>

      <section className={styles.section} aria-labelledby={`${ids}-articles`}>
        <h2 id={`${ids}-articles`}>{t('orders.confirmation.lines')}</h2>
        <OrderLines lines={order.lines} total={order.total} apiBase={apiBase} />
      </section>

      <section className={styles.section} aria-labelledby={`${ids}-livraison`}>
        <h2 id={`${ids}-livraison`}>{t('orders.delivery.title')}</h2>
        <dl className={styles.facts}>
          <dt>{t('orders.delivery.name')}</dt>
          <dd>{order.delivery.fullName}</dd>
          <dt>{t('orders.delivery.phone')}</dt>
          <dd>{phone}</dd>
          <dt>{t('orders.delivery.city')}</dt>
          <dd>{order.delivery.city}</dd>
          <dt>{t('orders.delivery.address')}</dt>
          <dd>{order.delivery.address}</dd>
          {order.delivery.note ? (
            <>
              <dt>{t('orders.delivery.note')}</dt>
              <dd>{order.delivery.note}</dd>
            </>
          ) : null}
        </dl>
      </section>

      <section className={styles.section} aria-labelledby={`${ids}-paiement`}>
        <h2 id={`${ids}-paiement`}>{t('orders.payment.title')}</h2>
        <p className={styles.payment}>{rich(t, 'orders.payment.text', { total: <strong>{price(order.total)}</strong> })}</p>
      </section>

      <section className={styles.section} aria-labelledby={`${ids}-suite`}>
        <h2 id={`${ids}-suite`}>{t('orders.next.title')}</h2>
        <ol className={styles.nextSteps}>
          <li>{rich(t, 'orders.next.call', { phone })}</li>
          <li>{t('orders.next.ship')}</li>
          <li>{t('orders.next.pay')}</li>
        </ol>
        <p>{rich(t, 'orders.next.keep', { phone: shopPhone })}</p>
      </section>

      <div className={styles.actions}>
        <ShopLink to={`/order-tracking?numero=${encodeURIComponent(order.number)}`} className={buttons.primary}>
          {t('orders.actions.track')}
        </ShopLink>
        <ShopLink to="/shop/all" className={buttons.secondary}>
          {t('orders.actions.continue')}
        </ShopLink>
      </div>
    </>
  );
}
