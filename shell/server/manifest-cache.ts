/**
 * What the shell's server needs from a remote release's mf-manifest.json to tell the browser, in the HTML, which files
 * the first screen will need: the remote entry and, per exposed module, its own JS and CSS (shared libraries are not
 * listed there: the shell provides them).
 */
export interface ReleaseFiles {
  remoteEntry: string;
  exposes: Map<string, { js: string[]; css: string[] }>;
}

interface Manifest {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: Array<{ path?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }>;
}

/** Resolves the manifest's relative paths; `publicPath: auto` means "the folder the manifest is in". */
export function releaseFilesOf(entry: string, manifest: Manifest): ReleaseFiles | undefined {
  const meta = manifest.metaData;
  if (!meta?.remoteEntry?.name) return undefined;
  const base = meta.publicPath && meta.publicPath !== 'auto' ? new URL(meta.publicPath, entry).href : new URL('.', entry).href;
  const url = (path: string) => new URL(path, base).href;
  const entryPath = [meta.remoteEntry.path, meta.remoteEntry.name].filter(Boolean).join('/');
  const exposes = new Map<string, { js: string[]; css: string[] }>();
  for (const expose of manifest.exposes ?? []) {
    if (!expose.path) continue;
    exposes.set(expose.path, {
      js: (expose.assets?.js?.sync ?? []).map(url),
      css: (expose.assets?.css?.sync ?? []).map(url),
    });
  }
  return { remoteEntry: url(entryPath), exposes };
}

interface Cached {
  files: ReleaseFiles | undefined;
  fetchedAt: number;
  refreshing: boolean;
}

/**
 * Manifests of the configured releases, kept in memory and refreshed in the background (stale-while-revalidate), so
 * serving a page never waits on a remote host: a release not known yet only misses its hints for one page view.
 * Releases live in versioned folders and do not change, so a short TTL is only a safety net.
 */
export class ManifestCache {
  readonly #entries = new Map<string, Cached>();

  constructor(
    private readonly ttlMs = 30_000,
    private readonly timeoutMs = 1_000,
  ) {}

  /** The files of a release if known (starting a fetch when missing or stale). */
  get(entry: string): ReleaseFiles | undefined {
    const cached = this.#entries.get(entry);
    if (!cached || Date.now() - cached.fetchedAt > this.ttlMs) void this.refresh(entry);
    return cached?.files;
  }

  /** Fetches now (used at start and by tests); a failure keeps what was known. */
  async refresh(entry: string): Promise<void> {
    const cached = this.#entries.get(entry);
    if (cached?.refreshing) return;
    if (cached) cached.refreshing = true;
    else this.#entries.set(entry, { files: undefined, fetchedAt: 0, refreshing: true });
    let files: ReleaseFiles | undefined;
    try {
      const response = await fetch(entry, { signal: AbortSignal.timeout(this.timeoutMs) });
      if (response.ok) files = releaseFilesOf(entry, (await response.json()) as Manifest);
    } catch {
      // A remote that is down gets no hints; the browser's own loading and fallbacks handle it.
    }
    const current = this.#entries.get(entry)!;
    this.#entries.set(entry, { files: files ?? current.files, fetchedAt: Date.now(), refreshing: false });
    // Forget releases no longer configured once the map grows (operators switch versions over time).
    if (this.#entries.size > 50) this.#entries.delete(this.#entries.keys().next().value!);
  }
}
