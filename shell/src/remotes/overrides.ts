import type { RemoteName, RemotesConfig } from '@shop/contracts/remotes';
import { releaseRefusal } from './release-refusal';

import { OVERRIDE_PARAM, OVERRIDE_STORAGE_KEY as STORAGE_KEY } from '../../shared/override-keys';

export type Overrides = Partial<Record<RemoteName, string>>;

export interface OverrideOutcome {
  /** The configuration with this browser's accepted overrides applied. */
  config: RemotesConfig;
  /** What is active for this browser's session (shown in the banner). */
  active: Overrides;
  refused: string[];
  /** The URL without the override parameter, to put back in the address bar. */
  cleanUrl: string | null;
}

/** Why a candidate is refused, or null when it is acceptable under the operator's allowlist. */
export function overrideRefusal(name: string, entry: string, allowedOrigins: readonly string[]): string | null {
  const refusal = releaseRefusal(name, entry);
  if (refusal) return refusal;
  const { origin } = new URL(entry);
  if (!allowedOrigins.includes(origin)) return `origin ${origin} is not in overrideOrigins`;
  return null;
}

function readStored(storage: Pick<Storage, 'getItem'>): Overrides {
  try {
    const value = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}') as unknown;
    return typeof value === 'object' && value !== null ? (value as Overrides) : {};
  } catch {
    return {};
  }
}

/**
 * Per-browser trial of a candidate release before the operator switches everyone. Candidates come from the
 * URL, are remembered for the browser's session, and are re-checked against the allowlist on every load, so
 * removing an origin from remotes.json ends every trial from it.
 */
type UrlParts = Pick<Location, 'search' | 'pathname' | 'hash'>;
type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function applyOverrides(config: RemotesConfig, location: UrlParts, storage: SessionStore): OverrideOutcome {
  const allowed = config.overrideOrigins ?? [];
  const params = new URLSearchParams(location.search);
  const requested = params.getAll(OVERRIDE_PARAM);
  const refused: string[] = [];
  let stored = readStored(storage);

  for (const value of requested) {
    if (value === 'clear') {
      stored = {};
      continue;
    }
    const at = value.indexOf('@');
    const name = value.slice(0, at);
    const entry = value.slice(at + 1);
    const reason = at > 0 ? overrideRefusal(name, entry, allowed) : 'expected <remote>@<manifest URL>';
    if (reason) refused.push(`${value}: ${reason}`);
    else stored = { ...stored, [name]: entry };
  }

  const active: Overrides = {};
  for (const [name, entry] of Object.entries(stored)) {
    const reason = overrideRefusal(name, entry, allowed);
    if (reason) refused.push(`${name}@${entry}: ${reason}`);
    else active[name as RemoteName] = entry;
  }
  if (Object.keys(active).length) storage.setItem(STORAGE_KEY, JSON.stringify(active));
  else storage.removeItem(STORAGE_KEY);

  let cleanUrl: string | null = null;
  if (requested.length) {
    params.delete(OVERRIDE_PARAM);
    const query = params.toString();
    cleanUrl = `${location.pathname}${query ? `?${query}` : ''}${location.hash}`;
  }

  return {
    config: { ...config, remotes: config.remotes.map((r) => ({ ...r, entry: active[r.name] ?? r.entry })) },
    active,
    refused,
    cleanUrl,
  };
}

export function clearOverrides(storage: Pick<Storage, 'removeItem'>): void {
  storage.removeItem(STORAGE_KEY);
}
