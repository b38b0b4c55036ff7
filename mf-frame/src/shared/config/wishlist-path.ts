import type { ShopHref } from '@shop/contracts/routes';

/** The wish list's page, which the header links to on every page: its own module, apart from the menus' navigation. */
export const wishlistPath: ShopHref = '/shop/whistlist';
