import type { Release, ReleaseListing } from '@shop/contracts/operations';
import { isReleaseFile } from '@shop/contracts/release-integrity';
import type { RemoteName } from '@shop/contracts/remotes';
import { IMMUTABLE, REVALIDATE } from '../cache-control';

/**
 * Where a remote's releases are published for browsers and the shop's renderers to load: a folder a release server
 * serves (folder-release-store.ts) or an S3-compatible bucket behind a CDN (bucket-release-store.ts). `release:publish`
 * (publish.ts) writes to one; both pass the same contract suite (release-store-contract.ts).
 *
 * Layout: `<base>/<remote>/<version>/<file>`, and the remote's index (a ReleaseListing, what the operators' console
 * offers) at `<base>/<remote>/releases.json`, its `manifest`s relative to it (`1.0.1/mf-manifest.json`), so
 * `new URL(release.manifest, indexUrl)` is the manifest's URL. A folder store holds one remote's releases at its root,
 * as `shop-release-server --dir` serves them, and its index is the server's `/releases.json`.
 */
export interface ReleaseStore {
  /** Where it is, for messages (`le seau s3://releases/boutique`, `le dossier /srv/mf-cart/dist`). */
  describe(): string;
  /** Whether `version` of `remote` is published: its manifest is there (publish.ts writes it last). */
  hasVersion(remote: RemoteName, version: string): Promise<boolean>;
  /**
   * Writes one file of a release, cached a year as immutable (a published version never changes). With `onlyIfAbsent`
   * it refuses an existing file with ReleaseFileExistsError, atomically where the store can.
   */
  putFile(remote: RemoteName, version: string, file: string, bytes: Uint8Array, options: PutFileOptions): Promise<void>;
  /** A file as clients get it, its content decoded; null when missing. For tests and checks. */
  readFile(remote: RemoteName, version: string, file: string): Promise<StoredFile | null>;
  /** The remote's index; an empty list when nothing is published yet. */
  readIndex(remote: RemoteName): Promise<ReleaseListing>;
  /**
   * Lists `release` in the remote's index (replacing an entry of the same version), newest build first. Its manifest
   * must already be in the store. Concurrent publishers of other versions do not lose each other's entries where the
   * store can tell (a bucket's conditional write, see bucket-release-store.ts). Answers the index as written.
   */
  addToIndex(remote: RemoteName, release: Omit<Release, 'manifest'>): Promise<ReleaseListing>;
  /** The URL browsers load `file` of `version` from. */
  publicUrl(remote: RemoteName, version: string, file: string): string;
  /** The URL of the remote's index. */
  indexUrl(remote: RemoteName): string;
  /** Lets go of its connections (a bucket's client); the store is not used after. */
  close(): void;
}

export interface PutFileOptions {
  /** `text/javascript; charset=utf-8`…: contentTypeOf (content-types.ts). A folder store leaves it to its server. */
  contentType: string;
  /** `br` when `bytes` are the brotli-compressed content (the content's digest is of the decoded bytes). */
  contentEncoding?: 'br';
  /** Refuse to replace an existing file (the manifest: a published version never changes). */
  onlyIfAbsent?: boolean;
}

export interface StoredFile {
  /** The content, decoded (what a digest is of). */
  bytes: Buffer;
  /** As the store answers them; a folder store's server derives them from the name. */
  contentType?: string | undefined;
  contentEncoding?: string | undefined;
  cacheControl?: string | undefined;
}

/** A file that `putFile` with `onlyIfAbsent` found already there: someone published this version meanwhile. */
export class ReleaseFileExistsError extends Error {
  constructor(readonly where: string) {
    super(`${where} existe déjà`);
    this.name = 'ReleaseFileExistsError';
  }
}

export const MANIFEST_FILE = 'mf-manifest.json';
export const INDEX_FILE = 'releases.json';
/** Every release file: a published version never changes, so clients and CDNs keep it a year. */
export const RELEASE_CACHE_CONTROL = IMMUTABLE;
/** The index changes with each publication: clients and CDNs ask again each time. */
export const INDEX_CACHE_CONTROL = REVALIDATE;
export const INDEX_CONTENT_TYPE = 'application/json';

/** A release file's path in the store, refused before anything is written when it is not a plain relative path. */
export function checkedPath(version: string, file: string): void {
  if (!isVersion(version)) throw new Error(`« ${version.slice(0, 100)} » n’est pas un nom de version (lettres, chiffres, . _ ~ -)`);
  if (!isReleaseFile(file)) throw new Error(`« ${file.slice(0, 100)} » n’est pas un fichier d’une version`);
}

/** A version: one plain URL path segment (no dot first, nothing to escape), as the folder listing accepts it. */
const VERSION = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]{0,127}$/;
export const isVersion = (value: string): boolean => VERSION.test(value);

/** Versions compared by their numbers (`1.0.10` after `1.0.9`). */
const byVersion = new Intl.Collator('en', { numeric: true });

/**
 * `listing` with `release` in it (an entry of the same version replaced), newest build first, ties highest version
 * first: the order of the folder listing (release-server/release-listing.ts).
 */
export function listingWith(listing: ReleaseListing, release: Release): ReleaseListing {
  const releases = [...listing.releases.filter((entry) => entry.version !== release.version), release];
  releases.sort((a, b) => Date.parse(b.builtAt) - Date.parse(a.builtAt) || byVersion.compare(b.version, a.version));
  return { releases };
}

/** The index read back from a store, or a sentence saying why it is not one. */
export function parseReleaseListing(value: unknown): ReleaseListing | string {
  const releases = (value as Partial<ReleaseListing> | null)?.releases;
  if (!Array.isArray(releases)) return '« releases » doit être une liste';
  for (const release of releases as unknown[]) {
    const { version, manifest, builtAt } = (release ?? {}) as Partial<Release>;
    if (typeof version !== 'string' || typeof manifest !== 'string' || typeof builtAt !== 'string' || Number.isNaN(Date.parse(builtAt))) {
      return 'chaque version doit avoir « version », « manifest » et une date « builtAt »';
    }
  }
  return { releases: (releases as Release[]).map(({ version, manifest, builtAt }) => ({ version, manifest, builtAt })) };
}
