import { BUCKET_COOKIE, VIEW_TOKEN_META } from '@shop/contracts/progressive-delivery';
import type { RemoteName } from '@shop/contracts/remotes';

/** What a browser gets from one page of the shop: its bucket cookie (written by the first answer) and the view token. */
export interface PageVisit {
  cookie: string | undefined;
  token: string;
  /** The releases the page was served with, as its token names them (`mf_cart` → `1.0.1`). */
  releases: Partial<Record<RemoteName, string>>;
}

/** Loads a page as a browser does, keeping the cookie it had or the one the shop gives it. */
export async function visitPage(shellUrl: string, cookie?: string, path = '/about-us'): Promise<PageVisit> {
  const response = await fetch(`${shellUrl}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  const html = await response.text();
  const token = new RegExp(`<meta name="${VIEW_TOKEN_META}" content="([^"]+)">`).exec(html)?.[1];
  if (!token) throw new Error(`no view token in the page ${path}`);
  const set = response.headers.getSetCookie().find((line) => line.startsWith(`${BUCKET_COOKIE}=`));
  const payload = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8')) as { r: string };
  const releases = Object.fromEntries(payload.r.split(',').map((release) => release.split('@')));
  return { cookie: set ? set.split(';')[0] : cookie, token, releases };
}

/** Sends a beacon as a page does (text/plain, same origin), with its token. */
export const sendBeacon = (shellUrl: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${shellUrl}/telemetry`, { method: 'POST', headers: { 'Content-Type': 'text/plain', ...headers }, body: JSON.stringify(body) });
