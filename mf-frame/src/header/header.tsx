import type { HeaderProps } from '@shop/contracts/exposes';
import { Suspense, useEffect, useId, useReducer, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { ButtonToPage } from '@shop/contracts/form-post';
import { ServerHtmlUntilNeeded } from '@shop/contracts/server-html-until-needed';
import { ShopLink } from '@shop/contracts/shop-link';
import { AnnouncementBar } from './announcement/announcement-bar';
import { LanguageSwitch } from './language/language-switch';
import { DESKTOP_MEDIA } from '../shared/config/breakpoints';
import { frameConfig } from '../shared/config/frame-config';
import { wishlistPath } from '../shared/config/wishlist-path';
import { HeartIcon, MenuIcon, SearchIcon, UserIcon } from '../shared/icons/icons';
import { accountWords } from '../messages/account-words';
import { region, useText } from '../messages/messages';
import { navigationWords } from '../messages/navigation-words';
import { initialMenuState, menuReducer } from './menu/menu-state';
import { SEARCH_PAGE, SEARCH_PAGE_FIELDS, searchPanelAsked } from './search/search-page';
import { useSticky } from './use-sticky';
import styles from './header.module.css';

// Neither is needed for a page's first screen on a phone (decision 028): the bar's menus are hidden there and, on a wide
// screen, server HTML until used; the sidebar is mounted when it first opens. Their code and their words come then.
const BarMenus = region(() => import('./menu/bar-menus'), [navigationWords]);
const MobileMenu = region(() => import('./mobile-menu/mobile-menu').then((module) => ({ default: module.MobileMenu })), [navigationWords]);
// The search panel and the account dialog likewise, mounted when first opened.
const SearchPanel = region(() => import('./search/search-panel').then((module) => ({ default: module.SearchPanel })), [navigationWords]);
const LoginModal = region(() => import('./login/login-modal').then((module) => ({ default: module.LoginModal })), [accountWords]);

/**
 * Whether `open` has ever been true: a panel mounted at its first opening stays mounted (closed) after, so opening it
 * again shows it at once.
 */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

export function Header({ cartSlot, variant = 'default' }: HeaderProps) {
  const { pathname, search } = useLocation();
  // The search button's page without JavaScript: the panel is rendered open there, on the server as in the browser.
  const [menus, dispatch] = useReducer(menuReducer, null, () => ({ ...initialMenuState, searchOpen: searchPanelAsked(pathname, search) }));
  const [loginOpen, setLoginOpen] = useState(false);
  const sidebarMounted = useOpenedOnce(menus.sidebarOpen);
  const searchMounted = useOpenedOnce(menus.searchOpen);
  const loginMounted = useOpenedOnce(loginOpen);
  const sticky = useSticky();
  const { t } = useText();
  const searchToggle = useRef<HTMLButtonElement>(null);
  const id = useId();
  const alt = variant === 'alt';

  // Any navigation (links, search, back and forward) closes what was open; not the page's first render, which may
  // have opened the search panel.
  const where = pathname + search;
  const shownAt = useRef(where);
  useEffect(() => {
    if (shownAt.current === where) return;
    shownAt.current = where;
    dispatch({ type: 'close-all' });
  }, [where]);

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
        {/* Without JavaScript, or before the header hydrates, these lead to a page showing the same (decision 026). */}
        <ButtonToPage
          to="/category"
          onPress={() => dispatch({ type: 'toggle-sidebar' })}
          className={`${styles.iconButton} ${styles.menuToggle}`}
          aria-label={t('header.menu')}
          aria-expanded={menus.sidebarOpen}
          aria-controls={sidebarMounted ? `${id}-sidebar` : undefined}
        >
          <MenuIcon />
        </ButtonToPage>
        <ShopLink to="/" className={styles.brand}>
          {frameConfig.shopName}
        </ShopLink>
        <div className={styles.menus}>
          <ServerHtmlUntilNeeded when="used">
            <BarMenus state={menus} dispatch={dispatch} />
          </ServerHtmlUntilNeeded>
        </div>
        <div className={styles.actions}>
          {/* On a wide screen; below it, in the sidebar. */}
          <LanguageSwitch className={styles.language} />
          <ButtonToPage
            to={SEARCH_PAGE}
            fields={SEARCH_PAGE_FIELDS}
            onPress={() => dispatch({ type: 'toggle-search' })}
            ref={searchToggle}
            className={styles.iconButton}
            aria-label={t('header.search')}
            aria-expanded={menus.searchOpen}
            aria-controls={searchMounted ? `${id}-search` : undefined}
            data-frame-menu
          >
            <SearchIcon />
          </ButtonToPage>
          <ShopLink to={wishlistPath} className={`${styles.iconButton} ${styles.wishlist}`} aria-label={t('page.wishlist')}>
            <HeartIcon />
          </ShopLink>
          <button
            type="button"
            className={styles.iconButton}
            aria-label={t('account.title')}
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
        {searchMounted ? (
          <Suspense fallback={null}>
            <SearchPanel
              id={`${id}-search`}
              open={menus.searchOpen}
              onClose={(returnFocus) => {
                dispatch({ type: 'close-search' });
                if (returnFocus) searchToggle.current?.focus();
              }}
            />
          </Suspense>
        ) : null}
      </div>
      {sidebarMounted ? (
        <Suspense fallback={null}>
          <MobileMenu id={`${id}-sidebar`} state={menus} dispatch={dispatch} />
        </Suspense>
      ) : null}
      {loginMounted ? (
        <Suspense fallback={null}>
          <LoginModal open={loginOpen} onClose={() => setLoginOpen(false)} />
        </Suspense>
      ) : null}
    </header>
  );
}
