import type { ShopPath } from '@shop/contracts/routes';

/**
 * Where the search button leads before its part hydrates or without JavaScript (decision 026): the catalogue, asking
 * for the panel (`/shop/all?recherche=1`), which the header then renders open, so the search box is there to type into
 * and its form submits as HTML. Apart from the panel's code, which comes only when it opens: the header reads this on
 * every page.
 */
export const SEARCH_PAGE: ShopPath = '/shop/all';
const PANEL_PARAMETER = 'recherche';
export const SEARCH_PAGE_FIELDS: Readonly<Record<string, string>> = { [PANEL_PARAMETER]: '1' };

/** Whether the page's URL asks for the search panel open. */
export const searchPanelAsked = (pathname: string, search: string): boolean =>
  pathname === SEARCH_PAGE && new URLSearchParams(search).get(PANEL_PARAMETER) === '1';
