import type { RemoteEntry, RemotesConfig, RemoteStatus, RemotesStatus } from '@shop/contracts/remotes';

const TIMEOUT_MS = 2000;

async function check(remote: RemoteEntry): Promise<RemoteStatus> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(remote.entry, { signal: AbortSignal.timeout(TIMEOUT_MS), cache: 'no-store' });
    if (!response.ok) {
      return { ...remote, version: null, up: false, ms: elapsed(), error: `HTTP ${response.status}` };
    }
    const manifest = (await response.json()) as { metaData?: { buildInfo?: { buildVersion?: unknown } } };
    const version = manifest.metaData?.buildInfo?.buildVersion;
    return { ...remote, version: typeof version === 'string' ? version : null, up: true, ms: elapsed() };
  } catch (error) {
    const reason = (error as Error).name === 'TimeoutError' ? `no answer within ${TIMEOUT_MS} ms` : (error as Error).message;
    return { ...remote, version: null, up: false, ms: elapsed(), error: reason };
  }
}

/** What each configured remote answers right now, checked in parallel. */
export async function remotesStatus(config: RemotesConfig): Promise<RemotesStatus> {
  return { checkedAt: new Date().toISOString(), remotes: await Promise.all(config.remotes.map(check)) };
}

/**
 * `/remotes/status` is public, so one check serves every caller for `ttlMs`: concurrent callers share the check in
 * flight, and a burst of requests makes at most one outbound request per remote per `ttlMs` (a change of the
 * configuration checks again at once).
 */
export function cachedRemotesStatus(config: () => RemotesConfig, ttlMs = 3000): () => Promise<RemotesStatus> {
  let cached: { config: RemotesConfig; at: number; status: Promise<RemotesStatus> } | undefined;
  return () => {
    const current = config();
    const now = Date.now();
    if (!cached || cached.config !== current || now - cached.at >= ttlMs) {
      cached = { config: current, at: now, status: remotesStatus(current) };
    }
    return cached.status;
  };
}
