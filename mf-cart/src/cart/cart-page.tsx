import type { CartPageProps } from '@shop/contracts/exposes';
import { useText } from '../messages/messages';
import { ShopLink } from '@shop/contracts/shop-link';
import { CartContents } from './cart-contents';
import { useCartView } from './use-cart-view';
import styles from './cart-page.module.css';

/** /shop/cart: the full cart page, same data and rules as the dropdown. */
export function CartPage({ apiBase = '' }: CartPageProps) {
  const view = useCartView(apiBase);
  const { t } = useText();
  return (
    <section className={styles.page} data-remote="mf_cart" data-release={process.env.RELEASE_VERSION}>
      <h1>{t('cart.page.title')}</h1>
      <div className={styles.lines}>
        <CartContents view={view} apiBase={apiBase} />
      </div>
      <p className={styles.actions}>
        <ShopLink to="/shop/all">{t('cart.page.continue')}</ShopLink>
        {view.items.length > 0 ? (
          <ShopLink to="/shop/checkout" className={styles.checkout}>
            {t('cart.checkout')}
          </ShopLink>
        ) : null}
      </p>
    </section>
  );
}
