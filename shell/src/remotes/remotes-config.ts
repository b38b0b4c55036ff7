import type { RemoteEntry, RemoteName, RemotesConfig } from '@shop/contracts/remotes';

/** Every remote the shell composes; the browser and the shell's server both check remotes.json against it. */
export const REMOTE_NAMES = ['mf_frame', 'mf_cart', 'mf_catalog_pages'] as const satisfies readonly RemoteName[];

/** Narrow an unknown JSON value to the operators' contract; the server validates the file too, this guards the browser. */
export function parseRemotesConfig(value: unknown): RemotesConfig {
  if (typeof value !== 'object' || value === null || !Array.isArray((value as RemotesConfig).remotes)) {
    throw new Error('remotes.json: attendu {"remotes": [...]}');
  }
  const remotes: RemoteEntry[] = [];
  for (const item of (value as { remotes: unknown[] }).remotes) {
    const { name, entry } = (item ?? {}) as Partial<RemoteEntry>;
    if (!(REMOTE_NAMES as readonly string[]).includes(name as string) || typeof entry !== 'string') {
      throw new Error(`remotes.json: entrée invalide ${JSON.stringify(item)}`);
    }
    remotes.push({ name: name as RemoteName, entry });
  }
  const overrideOrigins = (value as RemotesConfig).overrideOrigins;
  return {
    remotes,
    overrideOrigins: Array.isArray(overrideOrigins) ? overrideOrigins.filter((o) => typeof o === 'string') : [],
  };
}

/** The id of the inline JSON copy of remotes.json that the shell's server writes into each page. */
export const REMOTES_SCRIPT_ID = 'shop-remotes';

/**
 * The configuration the shell's server wrote into the page (server/page-hints.ts), or else /remotes.json (the dev
 * server, or a page served without the hints).
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
  return match?.[1] ?? 'inconnue';
}
