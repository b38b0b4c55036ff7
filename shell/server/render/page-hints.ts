import { escapeHtml } from '@shop/server-kit/escape-html';
import type { RemotesConfig } from '@shop/contracts/remotes';
import { REMOTES_SCRIPT_ID } from '../../shared/page-ids';
import { isSafeOrigin, releaseUrlProblem } from '@shop/contracts/release-url';
import type { ScriptFile } from '../renderer-sandbox/remote-assets';


/** JSON data in the page for the browser's code; `<` is escaped so the JSON can never close the script element. */
export const jsonScript = (id: string, json: string) => `<script type="application/json" id="${id}">${json.replace(/</g, '\\u003c')}</script>`;

/**
 * What goes into the page's <head> so the browser fetches the remotes' manifests while it parses the HTML, in parallel
 * with the shell's own code, instead of level by level (HTML → shell → /remotes.json → manifests):
 * - the remotes configuration itself, inline (no round trip for /remotes.json);
 * - a preload of each release's manifest, which the federation runtime's fetch then takes from the preload cache;
 * - a preconnect to each remote's origin for its scripts.
 * Scripts are not preloaded here: a page the server rendered hands its start script every script its first screen runs
 * (page-html.ts), requested together once the page has been painted (decision 033).
 * A per-browser override (?mf-override=) simply leaves its remote's manifest preload unused.
 */
export function pageHints(config: RemotesConfig): string {
  const inline = jsonScript(REMOTES_SCRIPT_ID, JSON.stringify(config));
  // Only URLs in the checked form become attributes (remotes.json is validated already; this keeps the page safe anyway).
  const entries = config.remotes.filter((remote) => releaseUrlProblem(remote.entry) === null);
  const manifests = entries.map(
    (remote) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(remote.entry)}">`,
  );
  // The manifests travel on CORS connections (the preloads above); remote scripts load without CORS, on connections
  // of their own: open those now too.
  const origins = [...new Set(entries.map((remote) => new URL(remote.entry).origin))];
  const preconnects = origins.map((origin) => `<link rel="preconnect" href="${escapeHtml(origin)}">`);
  return inline + manifests.join('') + preconnects.join('');
}

/** The HTML with the hints right after the charset declaration (which must stay in the first 1024 bytes). */
export function withHints(html: string, hints: string): string {
  const charset = /<meta charset="[^"]*"\s*\/?>/i;
  if (charset.test(html)) return html.replace(charset, (meta) => `${meta}${hints}`);
  return html.replace(/<head>/i, (head) => `${head}${hints}`);
}

/** The remotes' scripts a page may name: URLs of an origin a policy may hold, written as the URL parser writes them. */
export function safeScripts(files: readonly ScriptFile[]): ScriptFile[] {
  return files.filter((file) => isCanonicalUrlOfSafeOrigin(file.href) && releaseUrlProblem(file.manifest) === null);
}

function isCanonicalUrlOfSafeOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return url.href === text && isSafeOrigin(url.origin);
  } catch {
    return false;
  }
}
