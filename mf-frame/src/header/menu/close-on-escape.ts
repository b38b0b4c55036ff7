import type { Dispatch, KeyboardEvent } from 'react';
import type { MenuAction } from './menu-state';

/** Escape in a desktop menu closes the open section and gives focus back to that section's toggle. */
export function closeOnEscape(event: KeyboardEvent<HTMLElement>, openSection: string | null, dispatch: Dispatch<MenuAction>) {
  if (event.key !== 'Escape' || openSection === null) return;
  const toggle = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-section]')].find(
    (el) => el.dataset.section === openSection,
  );
  dispatch({ type: 'close-menus' });
  toggle?.focus();
}
