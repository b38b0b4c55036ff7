import type { Dispatch, MouseEvent } from 'react';
import type { MenuAction } from './menu-state';

/** Following any link in a menu closes every open menu (and the sidebar) right away, before the page changes. */
export function closeOnLink(dispatch: Dispatch<MenuAction>) {
  return (event: MouseEvent<HTMLElement>) => {
    if (event.target instanceof Element && event.target.closest('a[href]')) dispatch({ type: 'close-all' });
  };
}
