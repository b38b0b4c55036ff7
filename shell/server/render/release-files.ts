/**
 * The files a renderer runs and reads, verified (decision 032): for each release of a configuration, its manifest, its
 * Node build (every `ssr/` file) and its stylesheets, checked against the digests of its integrity record
 * (`mf-integrity.json`) and kept in a local cache keyed by digest. A renderer is handed these bytes and nothing else of
 * the release's (renderer-sandbox/verified-release-files.ts checks them again and serves them as the release's URLs),
 * so it never fetches code from a release host, and a host or bucket that is down does not stop a renderer from
 * starting with the releases it has run before.
 *
 * A file whose bytes are not those recorded is refused and logged with its release and file: the renderer cannot load
 * it, so the parts that need it are rendered in the browser, whose own checks (Subresource Integrity) refuse it too.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { digestOf } from '@shop/contracts/release-digest';
import { INTEGRITY_FILE, parseReleaseIntegrity, type ReleaseIntegrity } from '@shop/contracts/release-integrity';
import type { RemotesConfig } from '@shop/contracts/remotes';
import { releaseVersionOf } from '@shop/contracts/operations';
import type { ReleaseFile } from '../renderer-sandbox/renderer-protocol';

export interface ReleaseFilesLog {
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface ReleaseFilesOptions {
  /** The cache's folder: `files/<digest as hex>` and `releases/<entry's hash>.json` (the manifest and its record). */
  cacheDir: string;
  timeoutMs: number;
  log: ReleaseFilesLog;
}

/** A release's manifest and integrity record, as fetched once (kept so a renderer starts while the host is down). */
interface ReleaseRecord {
  manifest: string;
  integrity: ReleaseIntegrity;
}

interface WebManifest {
  exposes?: Array<{ assets?: { css?: { sync?: string[]; async?: string[] } } }>;
}

const MANIFEST = 'mf-manifest.json';
const SERVER_BUILD = 'ssr/';

const hex = (digest: string) => Buffer.from(digest.slice('sha384-'.length), 'base64').toString('hex');
const entryKey = (entry: string) => createHash('sha256').update(entry).digest('hex');

export class ReleaseFiles {
  constructor(private readonly options: ReleaseFilesOptions) {}

  /** The verified files of every release of `config`; a release or file that cannot be verified is left out. */
  async filesFor(config: RemotesConfig): Promise<ReleaseFile[]> {
    const perRemote = await Promise.all(config.remotes.map(({ name, entry }) => this.#releaseFiles(name, entry)));
    return perRemote.flat();
  }

  async #releaseFiles(remote: string, entry: string): Promise<ReleaseFile[]> {
    const release = { remote, version: releaseVersionOf(entry), entry };
    const record = await this.#record(entry).catch((error: unknown) => {
      this.options.log.error({ ...release, reason: (error as Error).message }, 'release refused on the server: its integrity record cannot be read; its parts render in the browser');
      return null;
    });
    if (!record) return [];
    const manifestDigest = record.integrity.files[MANIFEST];
    const manifestActual = digestOf(record.manifest);
    if (manifestActual !== manifestDigest) {
      this.#refused(release, MANIFEST, manifestDigest, manifestActual);
      return [];
    }
    const manifest = JSON.parse(record.manifest) as WebManifest;
    const stylesheets = (manifest.exposes ?? []).flatMap((module) => [...(module.assets?.css?.sync ?? []), ...(module.assets?.css?.async ?? [])]);
    const wanted = [...new Set([...Object.keys(record.integrity.files).filter((file) => file.startsWith(SERVER_BUILD)), ...stylesheets])];
    const files = await Promise.all(
      wanted.map(async (file): Promise<ReleaseFile | null> => {
        const integrity = record.integrity.files[file];
        if (!integrity) {
          this.#refused(release, file, null, null);
          return null;
        }
        const text = await this.#verifiedFile(new URL(file, entry).href, integrity, (actual) => this.#refused(release, file, integrity, actual));
        return text === null ? null : { url: new URL(file, entry).href, integrity, text };
      }),
    );
    return [{ url: entry, integrity: manifestDigest, text: record.manifest }, ...files.filter((file): file is ReleaseFile => file !== null)];
  }

  /** The release's manifest and record: fetched (and kept), or as kept when its host does not answer. */
  async #record(entry: string): Promise<ReleaseRecord> {
    const kept = join(this.options.cacheDir, 'releases', `${entryKey(entry)}.json`);
    let fetched: [string, string];
    try {
      fetched = await Promise.all([this.#fetchText(entry), this.#fetchText(new URL(INTEGRITY_FILE, entry).href)]);
    } catch (error) {
      const cached = await readFile(kept, 'utf8').catch(() => null);
      if (cached === null) throw error;
      this.options.log.warn({ entry, reason: (error as Error).message }, 'release host unreachable: the renderer starts from the release cache');
      return JSON.parse(cached) as ReleaseRecord;
    }
    const [manifest, integrityText] = fetched;
    const integrity = parseReleaseIntegrity(JSON.parse(integrityText));
    if (typeof integrity === 'string') throw new Error(`${INTEGRITY_FILE} ${integrity}`);
    await this.#write(kept, JSON.stringify({ manifest, integrity } satisfies ReleaseRecord));
    return { manifest, integrity };
  }

  /** The file's text from the cache, else fetched; null (after `refuse`) when the bytes are not the recorded ones. */
  async #verifiedFile(url: string, integrity: string, refuse: (actual: string | null) => void): Promise<string | null> {
    const path = join(this.options.cacheDir, 'files', hex(integrity));
    const cached = await readFile(path).catch(() => null);
    if (cached && digestOf(cached) === integrity) return cached.toString('utf8');
    let bytes: Buffer;
    try {
      bytes = Buffer.from(await (await this.#fetch(url)).arrayBuffer());
    } catch (error) {
      this.options.log.error({ url, reason: (error as Error).message }, 'release file unavailable: its parts render in the browser');
      return null;
    }
    const actual = digestOf(bytes);
    if (actual !== integrity) {
      refuse(actual);
      return null;
    }
    await this.#write(path, bytes);
    return bytes.toString('utf8');
  }

  #refused(release: { remote: string; version: string; entry: string }, file: string, expected: string | null | undefined, actual: string | null): void {
    this.options.log.error(
      { ...release, file, expected: expected ?? 'not in the integrity record', actual },
      'release file refused: its bytes are not those published; its parts render in the browser',
    );
  }

  async #fetch(url: string): Promise<Response> {
    const response = await fetch(url, { signal: AbortSignal.timeout(this.options.timeoutMs), redirect: 'error' });
    if (!response.ok) throw new Error(`HTTP ${response.status} (${url})`);
    return response;
  }

  async #fetchText(url: string): Promise<string> {
    return (await this.#fetch(url)).text();
  }

  /**
   * Written whole or not at all (a renderer starting meanwhile never reads half a file); two renderers may write the
   * same file at once (identical bytes). A cache that cannot be written costs only the next start a fetch.
   */
  async #write(path: string, data: string | Buffer): Promise<void> {
    const partial = `${path}.${randomUUID()}.partial`;
    try {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(partial, data);
      await rename(partial, path);
    } catch (error) {
      this.options.log.warn({ path, reason: (error as Error).message }, 'release cache not written');
      await rm(partial, { force: true }).catch(() => undefined);
    }
  }
}
