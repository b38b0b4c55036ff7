/**
 * What a release URL and an allowed origin may look like. A remote runs code in the shop's origin, and its origin is
 * written into every page (preloads) and into the Content-Security-Policy header, so only a plain, canonical form is
 * accepted: http(s), a real host name or IP address, an optional port, no credentials, no wildcard, and for a release
 * a path of simple segments ending in `mf-manifest.json`. Used by the shell's server (remotes.json) and by the browser
 * (per-browser overrides and its own check of remotes.json, remotes.ts); no dependencies, so it costs the browser almost
 * nothing.
 */

const MAX_URL_LENGTH = 2048;
/** DNS name (letters, digits, hyphens; labels of 1–63) or a dotted IPv4 address, as the URL parser writes them. */
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
/** An IPv6 address in brackets, as the URL parser writes it. */
const IPV6_HOST = /^\[[0-9a-f:.]{2,45}\]$/;
const MANIFEST_PATH = /^\/(?:[A-Za-z0-9_~-][A-Za-z0-9._~-]*\/)*mf-manifest\.json$/;
/** The same rule as a whole-string check, for the header writer's last line of defence. */
const ORIGIN = /^https?:\/\/(?:[a-z0-9.-]{1,253}|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/;

function parse(text: string): URL | string {
  if (typeof text !== 'string' || text.length === 0) return 'must be a non-empty string';
  if (text.length > MAX_URL_LENGTH) return `must be at most ${MAX_URL_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'is not an absolute URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must use http or https';
  if (url.username || url.password || text.includes('@')) return 'must not contain credentials';
  if (!HOST_NAME.test(url.hostname) && !IPV6_HOST.test(url.hostname)) {
    return `host "${url.hostname}" is not a valid host name or IP address`;
  }
  return url;
}

/** Why `text` is not the URL of a release's manifest (`https://host[:port]/path/mf-manifest.json`), or null. */
export function releaseUrlProblem(text: string): string | null {
  const url = parse(text);
  if (typeof url === 'string') return url;
  if (text.includes('?') || text.includes('#')) return 'must not have a query string or fragment';
  if (!MANIFEST_PATH.test(url.pathname)) return 'must be the URL of a release’s mf-manifest.json (simple path segments)';
  if (url.href !== text) return `must be written in canonical form: ${url.href}`;
  return null;
}

/** Why `text` is not an origin (`scheme://host[:port]`, no path, no wildcard), or null. */
export function originProblem(text: string): string | null {
  const url = parse(text);
  if (typeof url === 'string') return url;
  if (url.origin !== text) return 'must be scheme://host[:port], without a path or trailing slash';
  return null;
}

/** True for an origin safe to write into a header or an HTML attribute as it is (already checked by the rules above). */
export function isSafeOrigin(origin: string): boolean {
  return ORIGIN.test(origin);
}
