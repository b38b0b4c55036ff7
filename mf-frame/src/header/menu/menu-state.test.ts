import { describe, expect, it } from 'vitest';
import { initialMenuState, menuReducer } from './menu-state';
import type { MenuAction, MenuState } from './menu-state';

const run = (...actions: MenuAction[]): MenuState => actions.reduce(menuReducer, initialMenuState);

describe('menuReducer', () => {
  it('keeps one section open at a time', () => {
    const state = run({ type: 'toggle-section', id: 'visage' }, { type: 'toggle-section', id: 'corps' });
    expect(state.openSection).toBe('corps');
  });

  it('closes the open section when it is toggled again, with its sub-menu', () => {
    const state = run(
      { type: 'toggle-section', id: 'shop' },
      { type: 'toggle-submenu', id: 'shop-blog' },
      { type: 'toggle-section', id: 'shop' },
    );
    expect(state).toMatchObject({ openSection: null, openSubmenu: null });
  });

  it('resets the sub-menu when another section opens, and keeps it reset on coming back', () => {
    const state = run(
      { type: 'toggle-section', id: 'shop' },
      { type: 'toggle-submenu', id: 'shop-fiches' },
      { type: 'toggle-section', id: 'visage' },
    );
    expect(state).toMatchObject({ openSection: 'visage', openSubmenu: null });
    expect(menuReducer(state, { type: 'toggle-section', id: 'shop' }).openSubmenu).toBeNull();
  });

  it('keeps one sub-menu open at a time, and toggling it closes it', () => {
    const opened = run(
      { type: 'toggle-section', id: 'shop' },
      { type: 'toggle-submenu', id: 'shop-fiches' },
      { type: 'toggle-submenu', id: 'shop-blog' },
    );
    expect(opened.openSubmenu).toBe('shop-blog');
    expect(menuReducer(opened, { type: 'toggle-submenu', id: 'shop-blog' }).openSubmenu).toBeNull();
  });

  it('opens no sub-menu while no section is open', () => {
    expect(run({ type: 'toggle-submenu', id: 'shop-blog' }).openSubmenu).toBeNull();
  });

  it('closes every open menu when the sidebar is toggled, either way', () => {
    const opened = run({ type: 'toggle-sidebar' }, { type: 'toggle-section', id: 'shop' }, { type: 'toggle-submenu', id: 'shop-blog' });
    const closed = menuReducer(opened, { type: 'toggle-sidebar' });
    expect(closed).toEqual(initialMenuState);
    const reopened = menuReducer({ ...closed, openSection: 'corps' }, { type: 'toggle-sidebar' });
    expect(reopened).toMatchObject({ sidebarOpen: true, openSection: null, openSubmenu: null });
  });

  it('treats a repeated close of the sidebar as nothing', () => {
    const state = run({ type: 'toggle-sidebar' }, { type: 'close-sidebar' });
    expect(state.sidebarOpen).toBe(false);
    expect(menuReducer(state, { type: 'close-sidebar' })).toBe(state);
  });

  it('never shows the search panel and a menu at once', () => {
    const search = run({ type: 'toggle-section', id: 'corps' }, { type: 'toggle-search' });
    expect(search).toMatchObject({ searchOpen: true, openSection: null });
    expect(menuReducer(search, { type: 'toggle-section', id: 'pack' })).toMatchObject({ searchOpen: false, openSection: 'pack' });
  });

  it('closes everything on navigation', () => {
    const state = run({ type: 'toggle-sidebar' }, { type: 'toggle-section', id: 'shop' }, { type: 'close-all' });
    expect(state).toEqual(initialMenuState);
  });
});
