import type { ReactNode } from 'react';
import { ShopLink } from '@shop/contracts/shop-link';
import type { ShopHref } from '@shop/contracts/routes';
import { SHOP_NAME } from '../../shared/shop';
import type { FallbackArgs } from './remote-slot';
import styles from './fallbacks.module.css';

/** The frame's main categories, for when the frame itself cannot load. */
const fallbackNav: readonly { label: string; to: ShopHref }[] = [
  { label: 'Visage', to: '/shop/face' },
  { label: 'Corps', to: '/shop/body' },
  { label: 'Cheveux', to: '/shop/hair' },
  { label: 'Pack', to: '/shop/pack' },
  { label: 'Shop', to: '/shop/all' },
];

/** The shell's minimal header, shown when mf_frame is unavailable; the cart still has its slot. */
export function FallbackHeader({ cartSlot }: { cartSlot: ReactNode }) {
  return (
    <header className={styles.header} data-fallback="mf_frame">
      <ShopLink to={'/' satisfies ShopHref} className={styles.brand}>
        {SHOP_NAME}
      </ShopLink>
      <nav aria-label="Catégories" className={styles.nav}>
        {fallbackNav.map((link) => (
          <ShopLink key={link.to} to={link.to}>
            {link.label}
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
  return (
    <button type="button" className={styles.cart} disabled data-fallback="mf_cart" aria-label="Panier indisponible pour le moment">
      Panier indisponible
    </button>
  );
}

export function FallbackPage({ retry }: FallbackArgs) {
  return (
    <section className={styles.page} data-fallback="mf_catalog_pages" role="alert">
      <h1>Cette page est momentanément indisponible</h1>
      <p>Nous n’avons pas pu charger son contenu. Vérifiez votre connexion puis réessayez.</p>
      <button type="button" onClick={retry}>
        Réessayer
      </button>
    </section>
  );
}

/** In the checkout, when mf_cart is unavailable: say so, and keep the shopper's cart safe on the server. */
export function FallbackCartLines() {
  return (
    <p className={styles.page} data-fallback="mf_cart" role="alert">
      Le détail de votre panier est momentanément indisponible. Votre panier est conservé : réessayez dans un instant.
    </p>
  );
}
