import satisfies from 'semver/functions/satisfies.js';
import { EXPOSED_MODULE_IDS, remoteOf } from '@shop/contracts/exposes';
import { releaseUrlProblem } from '@shop/contracts/release-url';
import type { RemoteName } from '@shop/contracts/remotes';
import { SHARED_LIBRARIES, type SharedLibrary } from '@shop/contracts/shared-libraries';

/** How long a release's manifest (and its server build) may take to answer before the release is refused. */
export const MANIFEST_TIMEOUT_MS = 2000;

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
 */
export async function releaseRefusals(remote: RemoteName, entry: string, options: ReleaseCheckOptions): Promise<string[]> {
  const urlProblem = releaseUrlProblem(entry);
  if (urlProblem) return [`L’adresse n’est pas celle d’un manifeste de version (${urlProblem}).`];
  const origin = new URL(entry).origin;
  if (!options.allowedOrigins.includes(origin)) {
    return [`L’origine ${origin} n’est pas autorisée (origines permises : ${options.allowedOrigins.join(', ') || 'aucune'}).`];
  }
  const timeoutMs = options.timeoutMs ?? MANIFEST_TIMEOUT_MS;
  const fetched = await fetchJson(entry, timeoutMs);
  if (typeof fetched === 'string') return [fetched];
  const manifest = fetched as Manifest;

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

  reasons.push(...missingFileReasons(await missingBrowserFiles(manifest, entry, modulesTheShellTakes(remote), timeoutMs)));

  if (options.requireServerBuild) {
    const ssr = manifest.metaData?.ssrRemoteEntry;
    if (typeof ssr?.name !== 'string') {
      reasons.push('La version n’a pas de build de rendu serveur (metaData.ssrRemoteEntry manque au manifeste).');
    } else {
      const ssrUrl = new URL(`${typeof ssr.path === 'string' && ssr.path ? `${ssr.path}/` : ''}${ssr.name}`, entry).href;
      const answer = await fetchStatus(ssrUrl, timeoutMs);
      if (answer) reasons.push(`Le build de rendu serveur ne répond pas : ${answer}`);
    }
  }
  return reasons;
}

/** At most this many missing files are named one by one; the rest are counted. */
const NAMED_MISSING_FILES = 5;

/** A file of the manifest's (`static/js/…`), relative to its folder; null for anything else (an absolute URL…). */
const fileUrl = (entry: string, file: unknown): string | null =>
  typeof file === 'string' && /^[\w./-]+$/.test(file) && !file.split('/').includes('..') ? new URL(file, entry).href : null;

/**
 * The browser's files of the modules the shell composes (its entry, each module's scripts and styles, those loaded at
 * once and those loaded later), asked with HEAD: a release folder uploaded in part would otherwise pass every other
 * check and fail in every shopper's browser. Each missing file with why (`HTTP 404 (url).`).
 */
async function missingBrowserFiles(manifest: Manifest, entry: string, modules: readonly string[], timeoutMs: number): Promise<Array<{ url: string; problem: string }>> {
  const entryFile = manifest.metaData?.remoteEntry;
  if (typeof entryFile?.name !== 'string') return [{ url: entry, problem: 'Le manifeste ne nomme pas le fichier d’entrée pour les navigateurs (metaData.remoteEntry).' }];
  const names = [
    `${typeof entryFile.path === 'string' && entryFile.path ? `${entryFile.path}/` : ''}${entryFile.name}`,
    ...(manifest.exposes ?? [])
      .filter((module) => modules.includes(String(module.path ?? `./${String(module.name)}`)))
      .flatMap((module) => [module.assets?.js, module.assets?.css].flatMap((list) => [list?.sync, list?.async].flatMap((files) => (Array.isArray(files) ? files : [])))),
  ];
  const urls = [...new Set(names.map((name) => fileUrl(entry, name)).filter((url): url is string => url !== null))];
  const answers = await Promise.all(urls.map(async (url) => ({ url, problem: await fetchStatus(url, timeoutMs) })));
  return answers.flatMap(({ url, problem }) => (problem === null ? [] : [{ url, problem }]));
}

/** One French sentence per missing file, the first few named. */
function missingFileReasons(missing: Array<{ problem: string }>): string[] {
  const named = missing.slice(0, NAMED_MISSING_FILES).map(({ problem }) => `Un fichier de la version pour les navigateurs manque : ${problem}`);
  if (missing.length > NAMED_MISSING_FILES) named.push(`… et ${missing.length - NAMED_MISSING_FILES} autres fichiers pour les navigateurs manquent.`);
  return named;
}

/**
 * The browser files of a live or candidate release that do not answer now (its manifest's URL when the manifest itself
 * does not): what the canary's watch asks again and again while the release is measured (decision 025).
 */
export async function browserFilesMissing(remote: RemoteName, entry: string, timeoutMs = MANIFEST_TIMEOUT_MS): Promise<string[]> {
  const fetched = await fetchJson(entry, timeoutMs);
  if (typeof fetched === 'string') return [entry];
  return (await missingBrowserFiles(fetched as Manifest, entry, modulesTheShellTakes(remote), timeoutMs)).map(({ url }) => url);
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
