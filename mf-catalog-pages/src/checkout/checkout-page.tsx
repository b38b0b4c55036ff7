import { cartKey } from '@shop/contracts/cart';
import type { CartResponse } from '@shop/contracts/cart';
import type { CheckoutPageProps } from '@shop/contracts/exposes';
import { ShopLink } from '@shop/contracts/shop-link';
import useSWR from 'swr';
import { PageRoot } from '../shared/page-root';
import page from '../shared/page.module.css';
import { DeliveryForm } from './delivery-form';
import styles from './checkout.module.css';

/**
 * Same key and same failure as mf-cart's own hook: the shared SWR cache then holds one cart for both remotes, so
 * removing the last line in the cart lines empties this page too, and an error reads the same in both.
 */
async function fetchCart(url: string): Promise<CartResponse> {
  const response = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error('Failed to fetch cart');
  return (await response.json()) as CartResponse;
}

/** /shop/checkout: the cart (mf_cart's editable lines and total, passed in by the shell) and the order form. */
export function CheckoutPage({ cartLines, apiBase = '' }: CheckoutPageProps) {
  const { data, error } = useSWR(cartKey(apiBase), fetchCart);
  const empty = data !== undefined && data.cart.length === 0;
  return (
    <PageRoot className={styles.page}>
      <h1 className={page.title}>Paiement</h1>
      <p className={page.notice}>
        Vérifiez votre panier, indiquez vos coordonnées et confirmez votre commande. Vous payez en espèces à la livraison,
        partout au Maroc ; nous vous appelons pour confirmer la commande avant l’expédition.
      </p>
      <div className={styles.columns}>
        {/* A plain block: the cart lines are already a region named "Votre panier" (mf_cart's). */}
        <div>
          <h2 className={styles.sectionTitle}>
            Votre panier
          </h2>
          {cartLines}
          {error ? <p role="alert">Votre panier n’a pas pu être chargé. Réessayez dans un instant.</p> : null}
        </div>
        <div>
          {empty ? (
            <div className={styles.empty}>
              <p>Votre panier est vide : ajoutez des produits avant de renseigner la livraison.</p>
              <ShopLink to="/shop/all">Découvrir nos produits</ShopLink>
            </div>
          ) : (
            <DeliveryForm apiBase={apiBase} />
          )}
        </div>
      </div>
    </PageRoot>
  );
}
