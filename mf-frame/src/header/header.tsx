import type { HeaderProps } from '@shop/contracts/exposes';
import { useEffect, useId, useReducer, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { ShopPath } from '@shop/contracts/routes';
import { ShopLink } from '@shop/contracts/shop-link';
import { AnnouncementBar } from './announcement/announcement-bar';
import { DESKTOP_MEDIA } from '../shared/config/breakpoints';
import { frameConfig } from '../shared/config/frame-config';
import { wishlistPath } from '../shared/config/navigation';
import { HeartIcon, MenuIcon, SearchIcon, UserIcon } from '../shared/icons/icons';
import { LoginModal } from './login/login-modal';
import { CategoryMenu } from './menu/category-menu';
import { MainMenu } from './menu/main-menu';
import { initialMenuState, menuReducer } from './menu/menu-state';
import { MobileMenu } from './mobile-menu/mobile-menu';
import { SearchPanel } from './search/search-panel';
import { useSticky } from './use-sticky';
import styles from './header.module.css';

/** Every category, each with its link: where the mobile menu's button leads without JavaScript. */
const categoriesPage: ShopPath = '/category';
/** The catalogue, where the search button leads without JavaScript. */
const catalogue: ShopPath = '/shop/all';

export function Header({ cartSlot, variant = 'default' }: HeaderProps) {
  const [menus, dispatch] = useReducer(menuReducer, initialMenuState);
  const [loginOpen, setLoginOpen] = useState(false);
  const sticky = useSticky();
  const { pathname, search } = useLocation();
  const searchToggle = useRef<HTMLButtonElement>(null);
  const id = useId();
  const alt = variant === 'alt';

  // Any navigation (links, search, back and forward) closes what was open.
  useEffect(() => dispatch({ type: 'close-all' }), [pathname, search]);

  // A click anywhere outside the open dropdown or search panel closes it.
  const somethingOpen = menus.openSection !== null || menus.searchOpen;
  useEffect(() => {
    if (!somethingOpen || menus.sidebarOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Element && event.target.closest('[data-frame-menu]')) return;
      dispatch({ type: 'close-menus' });
      dispatch({ type: 'close-search' });
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [somethingOpen, menus.sidebarOpen]);

  // The sidebar only exists below the desktop breakpoint: widening the window closes it.
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const desktop = window.matchMedia(DESKTOP_MEDIA);
    const onChange = () => desktop.matches && dispatch({ type: 'close-sidebar' });
    desktop.addEventListener('change', onChange);
    return () => desktop.removeEventListener('change', onChange);
  }, []);

  const topBar = alt ? frameConfig.altTopBar : frameConfig.announcement;
  const className = [styles.root, sticky && styles.sticky, alt && styles.alt].filter(Boolean).join(' ');

  return (
    <header
      className={className}
      data-remote="mf_frame"
      data-release={process.env.RELEASE_VERSION}
      data-variant={variant}
      data-sticky={String(sticky)}
    >
      <AnnouncementBar {...topBar} variant={variant} />
      <div className={styles.bar}>
        {/* Controls that open something in place are forms to a page showing the same (decision 026): what they do
            before the header hydrates (when a held tap cannot be replayed) or without JavaScript. */}
        <form method="get" action={categoriesPage} className={styles.inlineForm}>
          <button
            type="submit"
            className={`${styles.iconButton} ${styles.menuToggle}`}
            aria-label="Menu"
            aria-expanded={menus.sidebarOpen}
            aria-controls={`${id}-sidebar`}
            data-hold-until-hydrated
            onClick={(event) => {
              event.preventDefault();
              dispatch({ type: 'toggle-sidebar' });
            }}
          >
            <MenuIcon />
          </button>
        </form>
        <ShopLink to="/" className={styles.brand}>
          {frameConfig.shopName}
        </ShopLink>
        <div className={styles.menus}>
          <CategoryMenu state={menus} dispatch={dispatch} layout="bar" />
          <MainMenu state={menus} dispatch={dispatch} layout="bar" />
        </div>
        <div className={styles.actions}>
          <form method="get" action={catalogue} className={styles.inlineForm}>
            <button
              ref={searchToggle}
              type="submit"
              className={styles.iconButton}
              aria-label="Rechercher"
              aria-expanded={menus.searchOpen}
              aria-controls={`${id}-search`}
              data-frame-menu
              data-hold-until-hydrated
              onClick={(event) => {
                event.preventDefault();
                dispatch({ type: 'toggle-search' });
              }}
            >
              <SearchIcon />
            </button>
          </form>
          <ShopLink to={wishlistPath} className={`${styles.iconButton} ${styles.wishlist}`} aria-label="Liste d’envies">
            <HeartIcon />
          </ShopLink>
          <button
            type="button"
            className={styles.iconButton}
            aria-label="Mon compte"
            aria-haspopup="dialog"
            onClick={() => {
              dispatch({ type: 'close-all' });
              setLoginOpen(true);
            }}
          >
            <UserIcon />
          </button>
          {cartSlot}
        </div>
        <SearchPanel
          id={`${id}-search`}
          open={menus.searchOpen}
          onClose={(returnFocus) => {
            dispatch({ type: 'close-search' });
            if (returnFocus) searchToggle.current?.focus();
          }}
        />
      </div>
      <MobileMenu id={`${id}-sidebar`} state={menus} dispatch={dispatch} />
      <LoginModal open={loginOpen} onClose={() => setLoginOpen(false)} />
    </header>
  );
}
