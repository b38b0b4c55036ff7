import satisfies from 'semver/functions/satisfies.js';
import { EXPOSED_MODULE_IDS, remoteOf } from '@shop/contracts/exposes';
import { OPERATIONS_MESSAGES } from '@shop/contracts/operations';
import { digestOf } from '@shop/contracts/release-digest';
import { INTEGRITY_FILE, parseReleaseIntegrity, type ReleaseIntegrity } from '@shop/contracts/release-integrity';
import { MESSAGES_FILE, missingMessages, parseReleaseMessages, type ReleaseMessages } from '@shop/contracts/part-messages-release';
import { releaseUrlProblem } from '@shop/contracts/release-url';
import type { RemoteName } from '@shop/contracts/remotes';
import { SHARED_LIBRARIES, type SharedLibrary } from '@shop/contracts/shared-libraries';
import { mapAtMost } from '@shop/server-kit/at-most-at-once';

/** How long a release's manifest (and each file of it the checks read) may take to answer before the release is refused. */
export const MANIFEST_TIMEOUT_MS = 2000;

/** How many of a release's files are read at once while their digests are compared. */
export const FILES_READ_AT_ONCE = 6;

export interface ReleaseCheckOptions {
  /** Origins a release may come from (ALLOWED_RELEASE_ORIGINS). Nothing is fetched from any other. */
  allowedOrigins: readonly string[];
  /** The version of each shared library the shell provides (its build's manifest). */
  shellShared: Partial<Record<SharedLibrary, string>>;
  /** Releases must carry their server-rendering build (decision 017). */
  requireServerBuild: boolean;
  timeoutMs?: number;
}

interface FileList {
  sync?: unknown;
  async?: unknown;
}

interface Manifest {
  name?: unknown;
  metaData?: { remoteEntry?: { name?: unknown; path?: unknown }; ssrRemoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: Array<{ name?: unknown; path?: unknown; assets?: { js?: FileList; css?: FileList } }>;
  shared?: Array<{ name?: unknown; requiredVersion?: unknown; singleton?: unknown }>;
}

/** The exposed modules the shell composes from `remote` (`./Header`…): every route's page, the frame, the cart. */
export function modulesTheShellTakes(remote: RemoteName): string[] {
  return EXPOSED_MODULE_IDS.filter((id) => remoteOf(id) === remote).map((id) => `./${id.slice(id.indexOf('/') + 1)}`);
}

/**
 * Why the release at `entry` cannot be `remote`'s live release, one French sentence per failed check; empty when it
 * may go live. A release from an origin the operator does not allow is refused before anything is fetched from it.
 *
 * Every file the shop would run is read whole and compared with the release's integrity record (`mf-integrity.json`
 * beside the manifest, decision 032): the manifest itself, the browser files of the modules the shell composes, and
 * the server build (its entry and every file of its folder the record lists). A release without a valid record, or
 * with a file changed since it was published, is refused.
 */
export async function releaseRefusals(remote: RemoteName, entry: string, options: ReleaseCheckOptions): Promise<string[]> {
  const urlProblem = releaseUrlProblem(entry);
  if (urlProblem) return [`L’adresse n’est pas celle d’un manifeste de version (${urlProblem}).`];
  const origin = new URL(entry).origin;
  if (!options.allowedOrigins.includes(origin)) {
    return [`L’origine ${origin} n’est pas autorisée (origines permises : ${options.allowedOrigins.join(', ') || 'aucune'}).`];
  }
  const timeoutMs = options.timeoutMs ?? MANIFEST_TIMEOUT_MS;
  const messagesUrl = new URL(MESSAGES_FILE, entry).href;
  const [manifestFile, integrity, messagesFile] = await Promise.all([
    readFile(entry, timeoutMs, { what: 'Le manifeste', status: (status) => `Le manifeste répond HTTP ${status}.` }),
    readIntegrity(new URL(INTEGRITY_FILE, entry).href, timeoutMs),
    readFile(messagesUrl, timeoutMs),
  ]);
  if (manifestFile.problem !== null) return [manifestFile.problem];
  const manifest = parseManifest(manifestFile.bytes);
  if (manifest === null) return ['Le manifeste n’est pas du JSON valide.'];

  const reasons: string[] = [];
  if (manifest.name !== remote) reasons.push(`Le manifeste est celui de « ${String(manifest.name)} », pas de « ${remote} ».`);

  const exposed = new Set((manifest.exposes ?? []).map((module) => String(module.path ?? `./${String(module.name)}`)));
  for (const module of modulesTheShellTakes(remote)) {
    if (!exposed.has(module)) reasons.push(`Il manque le module exposé « ${module} », dont la boutique a besoin.`);
  }

  for (const shared of manifest.shared ?? []) {
    const name = String(shared.name) as SharedLibrary;
    if (!(name in SHARED_LIBRARIES)) continue;
    const provided = options.shellShared[name];
    const required = typeof shared.requiredVersion === 'string' ? shared.requiredVersion : null;
    if (shared.singleton !== true) reasons.push(`${name} doit être partagé comme instance unique (singleton).`);
    if (provided && required && !satisfies(provided, required)) {
      reasons.push(`La version demande ${name} ${required}, la boutique fournit ${name} ${provided}.`);
    }
  }

  // The files the shop would run, read whole (GET) a few at a time: the browser's, then the server build's.
  const browserUrls = browserFileUrls(manifest, entry, modulesTheShellTakes(remote));
  const ssr = options.requireServerBuild ? serverBuildOf(manifest, entry, integrity) : null;
  const urls = [...new Set([...(browserUrls ?? []), ...(ssr?.entryUrl ? [ssr.entryUrl, ...ssr.files] : [])])];
  const files = new Map(await mapAtMost(urls, FILES_READ_AT_ONCE, async (url) => [url, await readFile(url, timeoutMs)] as const));
  const missing = (list: readonly string[]) =>
    list.flatMap((url) => {
      const { problem } = files.get(url)!;
      return problem === null ? [] : [{ problem }];
    });

  reasons.push(...missingFileReasons(browserUrls === null ? [{ problem: NO_BROWSER_ENTRY }] : missing(browserUrls), 'browser'));
  if (ssr && !ssr.entryUrl) reasons.push('La version n’a pas de build de rendu serveur (metaData.ssrRemoteEntry manque au manifeste).');
  if (ssr?.entryUrl) {
    const answer = files.get(ssr.entryUrl)!.problem;
    if (answer) reasons.push(`Le build de rendu serveur ne répond pas : ${answer}`);
    reasons.push(...missingFileReasons(missing(ssr.files.filter((url) => url !== ssr.entryUrl)), 'ssr'));
  }

  reasons.push(...messagesReasons(messagesFile));

  if (typeof integrity === 'string') {
    reasons.push(integrity);
  } else {
    const read = [[entry, manifestFile] as const, [messagesUrl, messagesFile] as const, ...files].flatMap(([url, file]) => (file.problem === null ? [{ url, bytes: file.bytes }] : []));
    reasons.push(...integrityReasons(read, entry, integrity));
  }
  return reasons;
}

/** At most this many missing messages of one language are named; the rest are counted. */
const NAMED_MESSAGES = 10;

/**
 * A release must carry every message each shop language needs (decision 036): every key of the default language's
 * files in every other language's, or its parts would show a key, or French, on an Arabic page.
 */
function messagesReasons(file: ReadFile): string[] {
  if (file.problem !== null) return [OPERATIONS_MESSAGES.messagesUnreadable(file.problem)];
  let messages: ReleaseMessages | null;
  try {
    messages = parseReleaseMessages(JSON.parse(new TextDecoder().decode(file.bytes)));
  } catch {
    messages = null;
  }
  if (!messages) return [OPERATIONS_MESSAGES.messagesUnreadable('le fichier n’a pas la forme attendue.')];
  return Object.entries(missingMessages(messages)).map(([locale, keys]) =>
    OPERATIONS_MESSAGES.messagesMissing(locale, keys.slice(0, NAMED_MESSAGES), Math.max(0, keys.length - NAMED_MESSAGES)),
  );
}

/** At most this many missing or changed files are named one by one; the rest are counted. */
const NAMED_FILES = 5;

const NO_BROWSER_ENTRY = 'Le manifeste ne nomme pas le fichier d’entrée pour les navigateurs (metaData.remoteEntry).';

/** A file of the manifest's (`static/js/…`), relative to its folder; null for anything else (an absolute URL…). */
const fileUrl = (entry: string, file: unknown): string | null =>
  typeof file === 'string' && /^[\w./-]+$/.test(file) && !file.split('/').includes('..') ? new URL(file, entry).href : null;

/**
 * The browser's files of the modules the shell composes (its entry, each module's scripts and styles, those loaded at
 * once and those loaded later): a release folder uploaded in part would otherwise pass every other check and fail in
 * every shopper's browser. Null when the manifest does not name the entry.
 */
function browserFileUrls(manifest: Manifest, entry: string, modules: readonly string[]): string[] | null {
  const entryFile = manifest.metaData?.remoteEntry;
  if (typeof entryFile?.name !== 'string') return null;
  const names = [
    `${typeof entryFile.path === 'string' && entryFile.path ? `${entryFile.path}/` : ''}${entryFile.name}`,
    ...(manifest.exposes ?? [])
      .filter((module) => modules.includes(String(module.path ?? `./${String(module.name)}`)))
      .flatMap((module) => [module.assets?.js, module.assets?.css].flatMap((list) => [list?.sync, list?.async].flatMap((files) => (Array.isArray(files) ? files : [])))),
  ];
  return [...new Set(names.map((name) => fileUrl(entry, name)).filter((url): url is string => url !== null))];
}

/**
 * The server build's entry (null when the manifest names none) and the other files of its folder (`ssr/`) the
 * integrity record lists: what the shell's renderers may load.
 */
function serverBuildOf(manifest: Manifest, entry: string, integrity: ReleaseIntegrity | string): { entryUrl: string | null; files: string[] } {
  const ssr = manifest.metaData?.ssrRemoteEntry;
  if (typeof ssr?.name !== 'string') return { entryUrl: null, files: [] };
  const folder = typeof ssr.path === 'string' && ssr.path ? `${ssr.path.replace(/\/+$/, '')}/` : '';
  const listed = typeof integrity === 'string' || !folder ? [] : Object.keys(integrity.files).filter((file) => file.startsWith(folder));
  return { entryUrl: new URL(`${folder}${ssr.name}`, entry).href, files: listed.map((file) => new URL(file, entry).href) };
}

/**
 * The HEAD asks of the browser files (the canary's watch, many times a minute): each missing file with why
 * (`HTTP 404 (url).`).
 */
async function missingBrowserFiles(manifest: Manifest, entry: string, modules: readonly string[], timeoutMs: number): Promise<Array<{ url: string; problem: string }>> {
  const urls = browserFileUrls(manifest, entry, modules);
  if (urls === null) return [{ url: entry, problem: NO_BROWSER_ENTRY }];
  const answers = await Promise.all(urls.map(async (url) => ({ url, problem: await fetchStatus(url, timeoutMs) })));
  return answers.flatMap(({ url, problem }) => (problem === null ? [] : [{ url, problem }]));
}

const MISSING = {
  browser: { one: 'Un fichier de la version pour les navigateurs manque', rest: 'autres fichiers pour les navigateurs manquent' },
  ssr: { one: 'Un fichier du build de rendu serveur manque', rest: 'autres fichiers du build de rendu serveur manquent' },
};

/** One French sentence per missing file, the first few named. */
function missingFileReasons(missing: Array<{ problem: string }>, kind: keyof typeof MISSING): string[] {
  const named = missing.slice(0, NAMED_FILES).map(({ problem }) => `${MISSING[kind].one} : ${problem}`);
  if (missing.length > NAMED_FILES) named.push(`… et ${missing.length - NAMED_FILES} ${MISSING[kind].rest}.`);
  return named;
}

/**
 * One French sentence per file read whose bytes are not those the release's integrity record lists (or that it does
 * not list at all), named by its path in the release folder, the first few named.
 */
function integrityReasons(read: ReadonlyArray<{ url: string; bytes: Uint8Array }>, entry: string, integrity: ReleaseIntegrity): string[] {
  const folder = new URL('./', entry).href;
  const wrong = read.flatMap(({ url, bytes }) => {
    const file = url.startsWith(folder) ? url.slice(folder.length) : url;
    const expected = Object.hasOwn(integrity.files, file) ? integrity.files[file] : undefined;
    if (expected === undefined) return [OPERATIONS_MESSAGES.fileNotInIntegrity(file)];
    return digestOf(bytes) === expected ? [] : [OPERATIONS_MESSAGES.fileChanged(file)];
  });
  const named = wrong.slice(0, NAMED_FILES);
  if (wrong.length > NAMED_FILES) named.push(OPERATIONS_MESSAGES.moreFilesNotMatching(wrong.length - NAMED_FILES));
  return named;
}

/** The release's integrity record beside its manifest, or the French sentence refusing the release without one. */
async function readIntegrity(url: string, timeoutMs: number): Promise<ReleaseIntegrity | string> {
  const file = await readFile(url, timeoutMs);
  if (file.problem !== null) return OPERATIONS_MESSAGES.integrityUnreadable(file.problem);
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(file.bytes));
  } catch {
    return OPERATIONS_MESSAGES.integrityUnreadable('le fichier n’est pas du JSON valide.');
  }
  const integrity = parseReleaseIntegrity(value);
  return typeof integrity === 'string' ? OPERATIONS_MESSAGES.integrityInvalid(integrity) : integrity;
}

/** The manifest in `bytes`, or null when they are not a JSON object. */
function parseManifest(bytes: Uint8Array): Manifest | null {
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Manifest) : null;
  } catch {
    return null;
  }
}

/**
 * The browser files of a live or candidate release that do not answer now (its manifest's URL when the manifest itself
 * does not): what the canary's watch asks again and again while the release is measured (decision 025), with HEAD.
 */
export async function browserFilesMissing(remote: RemoteName, entry: string, timeoutMs = MANIFEST_TIMEOUT_MS): Promise<string[]> {
  const fetched = await fetchJson(entry, timeoutMs);
  if (typeof fetched === 'string') return [entry];
  return (await missingBrowserFiles(fetched as Manifest, entry, modulesTheShellTakes(remote), timeoutMs)).map(({ url }) => url);
}

type ReadFile = { bytes: Uint8Array; problem: null } | { bytes?: undefined; problem: string };

/**
 * The decoded bytes at `url` (GET; a `.br` or `.gz` copy served with its Content-Encoding is decoded), or why not
 * (`HTTP 404 (url).`, `url n’a pas répondu en 2 s.`, unless `say` words it otherwise).
 */
async function readFile(url: string, timeoutMs: number, say: { what?: string; status?: (status: number) => string } = {}): Promise<ReadFile> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    if (!response.ok) {
      await response.body?.cancel();
      return { problem: say.status?.(response.status) ?? `HTTP ${response.status} (${url}).` };
    }
    return { bytes: new Uint8Array(await response.arrayBuffer()), problem: null };
  } catch (error) {
    return { problem: describeFailure(error, timeoutMs, say.what ?? url) };
  }
}

/** The JSON at `url`, or a French sentence saying why not. */
async function fetchJson(url: string, timeoutMs: number): Promise<unknown> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error', headers: { Accept: 'application/json' } });
    if (!response.ok) return `Le manifeste répond HTTP ${response.status}.`;
    return await response.json();
  } catch (error) {
    return describeFailure(error, timeoutMs, 'Le manifeste');
  }
}

/** Null when `url` answers 2xx in time; else why not. */
async function fetchStatus(url: string, timeoutMs: number): Promise<string | null> {
  try {
    const response = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    return response.ok ? null : `HTTP ${response.status} (${url}).`;
  } catch (error) {
    return describeFailure(error, timeoutMs, url);
  }
}

function describeFailure(error: unknown, timeoutMs: number, what: string): string {
  const name = (error as Error).name;
  if (name === 'TimeoutError') return `${what} n’a pas répondu en ${(timeoutMs / 1000).toLocaleString('fr-FR')} s.`;
  if (name === 'SyntaxError') return `${what} n’est pas du JSON valide.`;
  return `${what} est injoignable (${(error as Error).message}).`;
}
