/** `?mf-override=mf_cart@https://cdn.example/mf-cart/1.0.1/mf-manifest.json` (repeatable); `?mf-override=clear` clears. */
export const OVERRIDE_PARAM = 'mf-override';
/** Where a browser's session keeps its trial releases. */
export const OVERRIDE_STORAGE_KEY = 'shop.mf-overrides';

/**
 * Whether this load names or keeps a trial release. Only then does the page fetch the code that reads and checks
 * them (overrides.ts) and shows the banner: a shopper's page never needs it (decision 028).
 */
export function asksForOverrides(location: Pick<Location, 'search'>, storage: Pick<Storage, 'getItem'>): boolean {
  return new URLSearchParams(location.search).has(OVERRIDE_PARAM) || storage.getItem(OVERRIDE_STORAGE_KEY) !== null;
}
