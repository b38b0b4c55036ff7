import type { CartResponse } from '@shop/contracts/cart';
import type { CheckoutPageProps } from '@shop/contracts/exposes';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { getJson } from '../shared/api';
import { formatPrice } from '../shared/format-price';
import styles from './checkout-page.module.css';

/** The order summary. Ordering online is not open yet, and the page says so rather than pretend. */
export function CheckoutPage({ apiBase = '' }: CheckoutPageProps) {
  // Same key as mf-cart's hook: one SWR cache (shared singleton), one request.
  const { data, error } = useSWR(`${apiBase}/api/cart`, getJson<CartResponse>);
  const lines = data?.cart ?? [];
  const total = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  return (
    <section data-remote="mf_catalog_pages" data-release={process.env.RELEASE_VERSION} className={styles.page}>
      <h1>Paiement</h1>
      {error ? <p role="alert">Votre panier n’a pas pu être chargé : {(error as Error).message}</p> : null}
      {data && lines.length === 0 ? (
        <p>
          Votre panier est vide. <Link to="/shop/all">Découvrir nos produits</Link>
        </p>
      ) : null}
      {lines.length > 0 ? (
        <>
          <table className={styles.summary}>
            <caption>Récapitulatif de votre panier</caption>
            <thead>
              <tr>
                <th scope="col">Produit</th>
                <th scope="col">Quantité</th>
                <th scope="col">Prix</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.productId}>
                  <td>{line.name}</td>
                  <td>{line.quantity}</td>
                  <td>{formatPrice(line.price * line.quantity)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  Total
                </th>
                <td>{formatPrice(total)}</td>
              </tr>
            </tfoot>
          </table>
          <p className={styles.notice}>
            La commande en ligne avec paiement à la livraison ouvre très bientôt. Votre panier est conservé 30 jours.
          </p>
        </>
      ) : null}
    </section>
  );
}
