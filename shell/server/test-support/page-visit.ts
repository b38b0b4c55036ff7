import { BUCKET_COOKIE, VIEW_TOKEN_PATH } from '@shop/contracts/progressive-delivery';
import type { RemoteName } from '@shop/contracts/remotes';

/** What a browser gets from one page of the shop: its bucket cookie (written by the first answer) and the view token. */
export interface PageVisit {
  cookie: string | undefined;
  token: string;
  /** The releases the page was served with, as its token names them (`mf_cart` → `1.0.1`). */
  releases: Partial<Record<RemoteName, string>>;
}

/**
 * Loads a page as a browser does, keeping the cookie it had or the one the shop gives it, then asks for its view token
 * as a reporting page does.
 */
export async function visitPage(shellUrl: string, cookie?: string, path = '/about-us'): Promise<PageVisit> {
  const response = await fetch(`${shellUrl}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  await response.text();
  const set = response.headers.getSetCookie().find((line) => line.startsWith(`${BUCKET_COOKIE}=`));
  const held = set ? set.split(';')[0] : cookie;
  const asked = await fetch(`${shellUrl}${VIEW_TOKEN_PATH}`, { headers: held ? { Cookie: held } : {} });
  const { token } = (await asked.json()) as { token?: string };
  if (!token) throw new Error(`no view token for the browser that loaded ${path} (${asked.status})`);
  const payload = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8')) as { r: string };
  const releases = Object.fromEntries(payload.r.split(',').map((release) => release.split('@')));
  return { cookie: held, token, releases };
}

/** Sends a beacon as a page does (text/plain, same origin), with its token. */
export const sendBeacon = (shellUrl: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${shellUrl}/telemetry`, { method: 'POST', headers: { 'Content-Type': 'text/plain', ...headers }, body: JSON.stringify(body) });
