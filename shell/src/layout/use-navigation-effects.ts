import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { useLocation } from 'react-router-dom';
import { SHOP_NAME } from '../../shared/shop';
import { STYLE_2_PATHS } from '@shop/contracts/routes';
import { PAGE_META_ATTRIBUTE } from '../data/page-data';

/**
 * What every navigation does: the title is the shop's name followed by the path (spec, "Layout"); the
 * /index2 variant sets the `style-2` body class and removes it again on leaving; after a client-side
 * navigation the page scrolls to the top and focus moves to the main content, as a page load would, and the server's
 * description of the first page (its canonical URL, Open Graph tags, JSON-LD) goes: it is not this page's.
 */
export function useNavigationEffects(main: RefObject<HTMLElement | null>): { variant: 'default' | 'alt' } {
  const { pathname } = useLocation();
  const previousPath = useRef(pathname);
  const alt = STYLE_2_PATHS.has(pathname);

  useEffect(() => {
    document.title = `${SHOP_NAME} ${pathname}`;
  }, [pathname]);

  useEffect(() => {
    document.body.classList.toggle('style-2', alt);
  }, [alt]);

  useEffect(() => {
    // Compare paths rather than count renders: StrictMode runs effects twice on mount in development.
    if (previousPath.current === pathname) return;
    previousPath.current = pathname;
    window.scrollTo(0, 0);
    main.current?.focus({ preventScroll: true });
    for (const tag of document.head.querySelectorAll(`[${PAGE_META_ATTRIBUTE}]`)) tag.remove();
  }, [pathname, main]);

  return { variant: alt ? 'alt' : 'default' };
}
