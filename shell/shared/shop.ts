/** The shop's name: in the page title (spec: "the product name followed by the current path") and the fallbacks. */
export const SHOP_NAME = 'Maison Argane';
