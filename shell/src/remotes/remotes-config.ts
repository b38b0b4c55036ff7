import type { RemotesConfig } from '@shop/contracts/remotes';
import { releaseRefusal } from './release-refusal';

/** The id of the inline JSON copy of remotes.json that the shell's server writes into each page. */
import { REMOTES_SCRIPT_ID } from '../../shared/page-ids';

export { REMOTES_SCRIPT_ID };

/**
 * A configuration as the shell's server hands it out. The server checked it with the one schema of remotes.json
 * (`@shop/contracts/remotes-schema`) before writing it into the page or answering /remotes.json, so the browser does
 * not download that validator again (decision 023). It checks that it was given a list of remotes, and each one with
 * the rule it applies to a browser's own candidates (`?mf-override=`, `releaseRefusal`): whatever the page says, code
 * is only loaded for a remote the shell composes, from a canonical http(s) release URL.
 */
function asRemotesConfig(value: unknown, source: string): RemotesConfig {
  const remotes = (value as Partial<RemotesConfig> | null)?.remotes;
  if (!Array.isArray(remotes)) throw new Error(`${source}: not a remotes configuration`);
  for (const remote of remotes as unknown[]) {
    const { name, entry } = (remote ?? {}) as { name?: unknown; entry?: unknown };
    const refusal = typeof name === 'string' && typeof entry === 'string' ? releaseRefusal(name, entry) : 'a remote needs a name and an entry';
    if (refusal) throw new Error(`${source}: ${String(name)}: ${refusal}`);
  }
  return value as RemotesConfig;
}

/**
 * The configuration the shell's server wrote into the page (server/render/page-hints.ts), or else /remotes.json (the dev
 * server, or a page served without the hints). An unreadable inline copy falls back to the file; a file that is not a
 * configuration throws (every remote then shows its fallback).
 */
export async function fetchRemotesConfig(url = '/remotes.json'): Promise<RemotesConfig> {
  const inline = document.getElementById(REMOTES_SCRIPT_ID);
  if (inline?.textContent) {
    try {
      return asRemotesConfig(JSON.parse(inline.textContent), 'the page');
    } catch {
      // An unreadable inline copy is not fatal: the file is one request away.
    }
  }
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return asRemotesConfig(await response.json(), url);
}

/** The version folder of a release URL (`.../1.0.1/mf-manifest.json` → `1.0.1`), for logs and fallbacks. */
export function versionOfEntry(entry: string): string {
  const match = /\/([^/]+)\/mf-manifest\.json$/.exec(new URL(entry, 'http://x').pathname);
  return match?.[1] ?? 'unknown';
}
