import { parseRemotesConfig, type RemotesConfig } from '@shop/contracts/remotes';

/** The id of the inline JSON copy of remotes.json that the shell's server writes into each page. */
export const REMOTES_SCRIPT_ID = 'shop-remotes';

/**
 * The configuration the shell's server wrote into the page (server/page-hints.ts), or else /remotes.json (the dev
 * server, or a page served without the hints). Both are checked with the one schema of remotes.json (contracts), which
 * the server already applied: an inline copy that fails it falls back to the file, a file that fails it throws (every
 * remote then shows its fallback).
 */
export async function fetchRemotesConfig(url = '/remotes.json'): Promise<RemotesConfig> {
  const inline = document.getElementById(REMOTES_SCRIPT_ID);
  if (inline?.textContent) {
    try {
      return parseRemotesConfig(JSON.parse(inline.textContent));
    } catch {
      // An unreadable inline copy is not fatal: the file is one request away.
    }
  }
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return parseRemotesConfig(await response.json());
}

/** The version folder of a release URL (`.../1.0.1/mf-manifest.json` → `1.0.1`), for logs and fallbacks. */
export function versionOfEntry(entry: string): string {
  const match = /\/([^/]+)\/mf-manifest\.json$/.exec(new URL(entry, 'http://x').pathname);
  return match?.[1] ?? 'unknown';
}
