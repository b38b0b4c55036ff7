import type { OrderConfirmationPageProps } from '@shop/contracts/exposes';
import { useText } from '../messages/messages';
import { rich } from '../messages/rich-text';
import { shopInfo } from '../shared/content/shop-info';
import buttons from '../shared/buttons.module.css';
import { failureText } from '../shared/failure-text';
import page from '../shared/page.module.css';
import { PageRoot } from '../shared/page-root';
import { OrderConfirmation } from './order-confirmation';
import { useOrder } from './use-order';
import styles from './orders.module.css';

/**
 * /shop/order/:number, where the checkout leads. Survives a reload (the service keeps the order for the visitor who
 * placed it); anyone else, and any unknown number, gets the shell's 404 page.
 */
export function OrderConfirmationPage({ number, notFound, apiBase = '' }: OrderConfirmationPageProps) {
  const { t, locale } = useText();
  const { order, error, notFound: unknown, retry } = useOrder(apiBase, number, locale);
  if (unknown) return <>{notFound}</>;
  return (
    <PageRoot className={styles.page}>
      {order ? (
        <OrderConfirmation order={order} apiBase={apiBase} />
      ) : error ? (
        <>
          <h1 className={page.title}>{t('orders.unavailable.title')}</h1>
          <div role="alert" className={styles.alert}>
            <p>{failureText(t('orders.unavailable.failure'), error, t)}</p>
            <p>
              {rich(t, 'orders.unavailable.help', {
                phone: (
                  <a href={shopInfo.phoneHref} dir="ltr">
                    {shopInfo.phone}
                  </a>
                ),
              })}
            </p>
            <button type="button" className={buttons.secondary} onClick={retry}>
              {t('orders.unavailable.retry')}
            </button>
          </div>
        </>
      ) : (
        <div className={styles.placeholder} role="status" aria-busy="true">
          <p>{t('orders.loading')}</p>
        </div>
      )}
    </PageRoot>
  );
}
