import { cartKey } from '@shop/contracts/cart';
import type { CartResponse } from '@shop/contracts/cart';
import { inLanguage } from '@shop/contracts/data-keys';
import type { CheckoutPageProps } from '@shop/contracts/exposes';
import { ShopLink } from '@shop/contracts/shop-link';
import useSWR from 'swr';
import { useText } from '../messages/messages';
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
  const { t, locale } = useText();
  // mf-cart's key in the page's language (its use-cart.ts): the lines' names are the ones the shopper reads there.
  const { data, error } = useSWR(inLanguage(cartKey(apiBase), locale), fetchCart);
  const empty = data !== undefined && data.cart.length === 0;
  return (
    <PageRoot className={styles.page}>
      <h1 className={page.title}>{t('checkout.title')}</h1>
      <p className={page.notice}>{t('checkout.intro')}</p>
      <div className={styles.columns}>
        {/* A plain block: the cart lines are already a region named "Votre panier" (mf_cart's). */}
        <div>
          <h2 className={styles.sectionTitle}>{t('checkout.cart.title')}</h2>
          {cartLines}
          {error ? <p role="alert">{t('checkout.cart.error')}</p> : null}
        </div>
        <div>
          {empty ? (
            <div className={styles.empty}>
              <p>{t('checkout.cart.empty')}</p>
              <ShopLink to="/shop/all">{t('checkout.cart.browse')}</ShopLink>
            </div>
          ) : (
            <DeliveryForm apiBase={apiBase} />
          )}
        </div>
      </div>
    </PageRoot>
  );
}
