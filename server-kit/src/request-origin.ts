/**
 * Where a request that changes something comes from, as the browser says it: the one rule every server of the shop
 * applies against cross-site requests (the console, the telemetry endpoint, cart-service's API).
 *
 * - `shop`: a page of one of the shop's own origins sent it (`Origin` is one of them, and `Sec-Fetch-Site`, when the
 *   browser sends it, says `same-origin`).
 * - `foreign`: another site's page did (its `Origin`, or `Sec-Fetch-Site` other than `same-origin` and `none`).
 * - `unknown`: nothing says (no `Origin`: a script, a server, a very old browser). Browsers send `Origin` on every
 *   POST, so a caller that serves browsers only refuses it; an API that scripts may call lets other checks decide.
 *
 * The origins are configured (PUBLIC_URL, SHOP_ORIGIN), never taken from the request's own `Host`: a page of
 * `http://evil.example:3000` that a DNS rebinding points at the shop sends `Host: evil.example:3000` too.
 */
export type RequestOrigin = 'shop' | 'foreign' | 'unknown';

export function requestOrigin(headers: { origin?: string | undefined; 'sec-fetch-site'?: string | undefined }, shopOrigins: readonly string[]): RequestOrigin {
  const origin = headers.origin ?? '';
  const site = (headers['sec-fetch-site'] ?? '').toLowerCase();
  // `none`: the shopper typed the address or used a bookmark; no page of any site is involved.
  if (site !== '' && site !== 'same-origin' && site !== 'none') return 'foreign';
  if (origin === '') return 'unknown';
  return shopOrigins.includes(origin) ? 'shop' : 'foreign';
}
