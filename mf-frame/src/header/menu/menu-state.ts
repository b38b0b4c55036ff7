/**
 * Which part of the header is open (spec, section 4): one menu section at a time (a main-menu section or the
 * category dropdown), one sub-menu at a time inside it, the mobile sidebar and the search panel. The desktop bar
 * and the mobile sidebar share this one state, so their menus never disagree.
 */
export interface MenuState {
  openSection: string | null;
  openSubmenu: string | null;
  sidebarOpen: boolean;
  searchOpen: boolean;
}

export type MenuAction =
  | { type: 'toggle-section'; id: string }
  | { type: 'toggle-submenu'; id: string }
  | { type: 'toggle-sidebar' }
  | { type: 'close-sidebar' }
  | { type: 'toggle-search' }
  | { type: 'close-search' }
  | { type: 'close-menus' }
  | { type: 'close-all' };

export const initialMenuState: MenuState = {
  openSection: null,
  openSubmenu: null,
  sidebarOpen: false,
  searchOpen: false,
};

const noMenus = { openSection: null, openSubmenu: null } as const;

export function menuReducer(state: MenuState, action: MenuAction): MenuState {
  switch (action.type) {
    case 'toggle-section':
      // Toggling the open section closes it; opening another one starts with its sub-menus closed.
      return state.openSection === action.id
        ? { ...state, ...noMenus }
        : { ...state, openSection: action.id, openSubmenu: null, searchOpen: false };
    case 'toggle-submenu':
      if (state.openSection === null) return state;
      return { ...state, openSubmenu: state.openSubmenu === action.id ? null : action.id };
    case 'toggle-sidebar':
      return { ...state, ...noMenus, searchOpen: false, sidebarOpen: !state.sidebarOpen };
    case 'close-sidebar':
      // Idempotent: the dialog's own `close` event may arrive after the state already says closed.
      return state.sidebarOpen ? { ...state, ...noMenus, sidebarOpen: false } : state;
    case 'toggle-search':
      return { ...state, ...noMenus, searchOpen: !state.searchOpen };
    case 'close-search':
      return state.searchOpen ? { ...state, searchOpen: false } : state;
    case 'close-menus':
      return state.openSection === null && state.openSubmenu === null ? state : { ...state, ...noMenus };
    case 'close-all':
      return initialMenuState;
  }
}
