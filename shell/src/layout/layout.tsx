import { useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Breadcrumb } from '../breadcrumb/breadcrumb';
import { FallbackCart, FallbackFooter, FallbackHeader } from '../remotes/fallbacks';
import { RemoteSlot } from '../remotes/remote-slot';
import { PATHS_WITHOUT_BREADCRUMB } from '@shop/contracts/routes';
import { PageNotice } from './page-notice';
import { useNavigationEffects } from './use-navigation-effects';
import styles from './layout.module.css';

/** The frame around every page: header (with the cart in its slot), breadcrumb, content, footer. */
export function Layout() {
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const { variant } = useNavigationEffects(main);

  // The shell fills the header's cart slot, so frame and cart never import each other.
  const cartSlot = (
    <RemoteSlot
      id="mf_cart/CartDropdown"
      props={{}}
      fallback={() => <FallbackCart />}
      loading={<span className={styles.cartPlaceholder} aria-hidden="true" />}
    />
  );

  return (
    <div className={styles.page}>
      <a href="#contenu" className={styles.skipLink}>
        Aller au contenu
      </a>
      <RemoteSlot
        id="mf_frame/Header"
        props={{ cartSlot, variant }}
        fallback={() => <FallbackHeader cartSlot={cartSlot} />}
        loading={<div className={styles.headerPlaceholder} />}
      />
      {PATHS_WITHOUT_BREADCRUMB.has(pathname) ? null : <Breadcrumb />}
      <main id="contenu" ref={main} tabIndex={-1} className={styles.main}>
        <PageNotice />
        <Outlet />
      </main>
      <RemoteSlot id="mf_frame/Footer" props={{ variant }} fallback={() => <FallbackFooter />} />
    </div>
  );
}
