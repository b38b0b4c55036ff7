import type { OrderConfirmationPageProps } from '@shop/contracts/exposes';
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
  const { order, error, notFound: unknown, retry } = useOrder(apiBase, number);
  if (unknown) return <>{notFound}</>;
  return (
    <PageRoot className={styles.page}>
      {order ? (
        <OrderConfirmation order={order} apiBase={apiBase} />
      ) : error ? (
        <>
          <h1 className={page.title}>Commande momentanément indisponible</h1>
          <div role="alert" className={styles.alert}>
            <p>{failureText('Votre commande n’a pas pu être affichée', error)}</p>
            <p>
              Si vous avez besoin d’aide, appelez-nous au <a href={shopInfo.phoneHref}>{shopInfo.phone}</a>, {shopInfo.hours}.
            </p>
            <button type="button" className={buttons.secondary} onClick={retry}>
              Réessayer
            </button>
          </div>
        </>
      ) : (
        <div className={styles.placeholder} role="status" aria-busy="true">
          <p>Chargement de votre commande…</p>
        </div>
      )}
    </PageRoot>
  );
}
