import type { ReactNode } from 'react';
import { ShopLink } from '@shop/contracts/shop-link';
import type { ShopHref } from '@shop/contracts/routes';
import { SHOP_NAME } from '../../shared/shop';
import type { FallbackArgs } from './remote-slot';
import { useText } from '../messages/messages';
import styles from './fallbacks.module.css';

/** The frame's main categories, for when the frame itself cannot load. */
const fallbackNav = [
  { label: 'fallback.nav.face', to: '/shop/face' },
  { label: 'fallback.nav.body', to: '/shop/body' },
  { label: 'fallback.nav.hair', to: '/shop/hair' },
  { label: 'fallback.nav.pack', to: '/shop/pack' },
  { label: 'fallback.nav.shop', to: '/shop/all' },
] as const satisfies readonly { label: string; to: ShopHref }[];

/** The shell's minimal header, shown when mf_frame is unavailable; the cart still has its slot. */
export function FallbackHeader({ cartSlot }: { cartSlot: ReactNode }) {
  const { t } = useText();
  return (
    <header className={styles.header} data-fallback="mf_frame">
      <ShopLink to={'/' satisfies ShopHref} className={styles.brand}>
        {SHOP_NAME}
      </ShopLink>
      <nav aria-label={t('fallback.nav')} className={styles.nav}>
        {fallbackNav.map((link) => (
          <ShopLink key={link.to} to={link.to}>
            {t(link.label)}
          </ShopLink>
        ))}
      </nav>
      {cartSlot}
    </header>
  );
}

export function FallbackFooter() {
  return (
    <footer className={styles.footer} data-fallback="mf_frame">
      {/* The year on the server and in the shopper's time zone differ for an hour on New Year's Eve. */}
      <p suppressHydrationWarning>
        © {new Date().getFullYear()} {SHOP_NAME}
      </p>
    </footer>
  );
}

/** A disabled cart button: the shopper sees where the cart is and that it is temporarily unavailable. */
export function FallbackCart() {
  const { t } = useText();
  return (
    <button type="button" className={styles.cart} disabled data-fallback="mf_cart" aria-label={t('fallback.cart.name')}>
      {t('fallback.cart')}
    </button>
  );
}

export function FallbackPage({ retry }: FallbackArgs) {
  const { t } = useText();
  return (
    <section className={styles.page} data-fallback="mf_catalog_pages" role="alert">
      <h1>{t('fallback.page.title')}</h1>
      <p>{t('fallback.page.text')}</p>
      <button type="button" onClick={retry}>
        {t('fallback.page.retry')}
      </button>
    </section>
  );
}

/** In the checkout, when mf_cart is unavailable: say so, and keep the shopper's cart safe on the server. */
export function FallbackCartLines() {
  const { t } = useText();
  return (
    <p className={styles.page} data-fallback="mf_cart" role="alert">
      {t('fallback.cartLines')}
    </p>
  );
}
