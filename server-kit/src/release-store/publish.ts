import { readFile, stat } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { brotliDecompress } from 'node:zlib';
import { digestOf, filesOfFolder, isRecorded } from '@shop/contracts/release-digest';
import { INTEGRITY_FILE, parseReleaseIntegrity, type ReleaseIntegrity } from '@shop/contracts/release-integrity';
import { isRemoteName, REMOTE_NAMES, type RemoteName } from '@shop/contracts/remotes';
import { mapAtMost } from '../at-most-at-once';
import { contentTypeOf } from './content-types';
import { isVersion, MANIFEST_FILE, ReleaseFileExistsError, type ReleaseStore } from './release-store';
import { openReleaseStore, readReleaseStoreConfig, ReleaseStoreConfigError } from './store-config';

const unbrotli = promisify(brotliDecompress);

/** Scripts and stylesheets: the files whose brotli copy is published in their place. */
const BROTLI_SERVED = /\.(?:js|mjs|css)$/;
/**
 * The standalone harness page (`harness/`) is not published: it is a developer's page of the remote alone, which
 * nothing of the shop loads, and an HTML page on the releases' origin would run whatever it holds in that origin. It is
 * still checked against the integrity record like every file of the folder, so a changed folder is refused whole.
 */
const UNPUBLISHED = /^harness\//;
/** Files sent at once. */
const CONCURRENT_UPLOADS = 8;

export interface PublishInput {
  remote: RemoteName;
  version: string;
  /** The release folder as the build left it (`dist/<version>`), absolute. */
  folder: string;
  store: ReleaseStore;
  /** What the folder's path in messages is relative to (default: this process's). */
  cwd?: string;
  /** Progress, one line at a time. */
  say?: (line: string) => void;
}

export interface Published {
  /** What an operator switches the remote to. */
  manifestUrl: string;
  indexUrl: string;
  /** The files published, by path in the release (the manifest last). */
  files: string[];
}

/** Why a release is not published: one sentence, for the team's CI. */
export class PublishRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PublishRefusal';
  }
}

/**
 * Publishes the release in `folder` as `version` of `remote`, once its files are those its build recorded
 * (`mf-integrity.json`, decision 032), and never over a published version:
 * 1. refuses a folder without its manifest or a valid integrity record, or whose files differ from the record (a file
 *    changed, added or missing since the build; a brotli copy that does not decode to its file);
 * 2. refuses a version the store already has;
 * 3. sends every file but the harness and the compressed copies, each with its Content-Type and a year's immutable
 *    Cache-Control, a script or stylesheet as its brotli copy (uploadOf); then the integrity record, then the
 *    manifest, last and only if absent, so that a version exists only once all its files are there;
 * 4. lists the version in the remote's index, with the manifest's time as its build time.
 * Throws PublishRefusal for anything the team must fix; a store's failure as it comes (nothing is published until the
 * manifest is, so running again after a failure starts over).
 */
export async function publishRelease(input: PublishInput): Promise<Published> {
  const { remote, version, folder, store } = input;
  const say = input.say ?? (() => undefined);
  if (!isVersion(version)) throw new PublishRefusal(`« ${version.slice(0, 100)} » n’est pas un nom de version (lettres, chiffres, . _ ~ -).`);

  const shown = relative(input.cwd ?? process.cwd(), folder) || folder;
  const files = filesOf(folder, shown);
  if (!files.has(MANIFEST_FILE)) throw new PublishRefusal(`${shown} n’a pas de ${MANIFEST_FILE} : ce n’est pas le dossier d’une version construite.`);
  const manifest = await readJson(join(folder, MANIFEST_FILE), shown);
  const { name, metaData } = (manifest ?? {}) as { name?: unknown; metaData?: { buildInfo?: { buildVersion?: unknown } } };
  if (name !== remote) throw new PublishRefusal(`${shown}/${MANIFEST_FILE} est celui de « ${String(name)} », pas de ${remote}.`);
  const built = metaData?.buildInfo?.buildVersion;
  if (built !== version) throw new PublishRefusal(`${shown}/${MANIFEST_FILE} est celui de la version « ${String(built)} », pas ${version} : construisez avec RELEASE_VERSION=${version}.`);
  if (!files.has(INTEGRITY_FILE)) throw new PublishRefusal(`${shown} n’a pas de ${INTEGRITY_FILE} : reconstruisez la version.`);
  const integrity = parseReleaseIntegrity(await readJson(join(folder, INTEGRITY_FILE), shown));
  if (typeof integrity === 'string') throw new PublishRefusal(`${shown}/${INTEGRITY_FILE} n’est pas valide : ${integrity}.`);

  const uploads = await checkedUploads(folder, files, integrity, shown);

  if (await store.hasVersion(remote, version)) {
    // The same build, published whole before but not listed (its index update failed): listing it is all that is left.
    const stored = await store.readFile(remote, version, MANIFEST_FILE);
    const listed = (await store.readIndex(remote)).releases.some((release) => release.version === version);
    if (!listed && stored && digestOf(stored.bytes) === integrity.files[MANIFEST_FILE]) {
      say(`${remote} ${version} : déjà envoyée par une publication précédente, mais absente de l’index ; ajout à l’index.`);
      return await listInIndex(store, remote, version, folder, uploads.map((upload) => upload.file));
    }
    throw new PublishRefusal(
      `${remote} ${version} existe déjà dans ${store.describe()} : une version publiée ne change jamais, construisez-en une nouvelle.`,
    );
  }

  const last = [INTEGRITY_FILE, MANIFEST_FILE];
  const first = uploads.filter((upload) => !last.includes(upload.file));
  say(`${remote} ${version} : dossier conforme à ${INTEGRITY_FILE}, ${first.length + last.length} fichiers à envoyer vers ${store.describe()}…`);
  await mapAtMost(first, CONCURRENT_UPLOADS, (upload) => send(store, remote, version, upload));
  for (const file of last) {
    try {
      await send(store, remote, version, uploads.find((upload) => upload.file === file)!, file === MANIFEST_FILE);
    } catch (error) {
      if (error instanceof ReleaseFileExistsError) {
        throw new PublishRefusal(`${remote} ${version} a été publiée par quelqu’un d’autre pendant cet envoi (${store.describe()}) : construisez une nouvelle version.`);
      }
      throw error;
    }
  }
  return listInIndex(store, remote, version, folder, [...first, ...last.map((file) => uploads.find((upload) => upload.file === file)!)].map((upload) => upload.file));
}

/** Lists a version whose files are all in the store in its remote's index: the last step of a publication. */
async function listInIndex(store: ReleaseStore, remote: RemoteName, version: string, folder: string, files: string[]): Promise<Published> {
  const manifestUrl = store.publicUrl(remote, version, MANIFEST_FILE);
  const builtAt = (await stat(join(folder, MANIFEST_FILE))).mtime.toISOString();
  try {
    await store.addToIndex(remote, { version, builtAt });
  } catch (error) {
    throw new PublishRefusal(
      `${remote} ${version} est publiée (${manifestUrl}) mais n’a pas pu être ajoutée à l’index ${store.indexUrl(remote)} : ${describeFailure(error)}. Elle se charge par l’adresse de son manifeste ; relancez la publication pour l’ajouter à l’index.`,
    );
  }
  return { manifestUrl, indexUrl: store.indexUrl(remote), files };
}

/** One file to publish: its content's bytes, or its brotli copy's with `contentEncoding: 'br'`. */
interface Upload {
  file: string;
  bytes: Buffer;
  contentEncoding?: 'br';
}

function send(store: ReleaseStore, remote: RemoteName, version: string, upload: Upload, onlyIfAbsent = false): Promise<void> {
  return store.putFile(remote, version, upload.file, upload.bytes, {
    contentType: contentTypeOf(upload.file),
    ...(upload.contentEncoding ? { contentEncoding: upload.contentEncoding } : {}),
    onlyIfAbsent,
  });
}

/**
 * The files to publish, once every file of the folder is the one the record lists: none changed, added or missing.
 * The compressed copies are not in the record (it is of decoded content); a brotli copy published in its file's place
 * must decode to that file's bytes, so it is checked too. One refusal names every file that differs.
 */
async function checkedUploads(folder: string, files: Set<string>, integrity: ReleaseIntegrity, shown: string): Promise<Upload[]> {
  const differing: string[] = [];
  const unlisted: string[] = [];
  const uploads: Upload[] = [];
  for (const file of [...files].sort()) {
    // The precompressed copies are never published as objects of their own (see uploadOf).
    if (!isRecorded(file)) continue;
    const expected = integrity.files[file];
    if (expected === undefined) {
      unlisted.push(file);
      continue;
    }
    const bytes = await readFile(join(folder, file));
    if (digestOf(bytes) !== expected) {
      differing.push(file);
      continue;
    }
    if (UNPUBLISHED.test(file)) continue;
    uploads.push(await uploadOf(folder, file, bytes, expected, files, differing));
  }
  const missing = Object.keys(integrity.files).filter((file) => !files.has(file));
  const problems = [
    ...(differing.length ? [`${named(differing)} ${differing.length > 1 ? 'diffèrent' : 'diffère'} de ${INTEGRITY_FILE}`] : []),
    ...(unlisted.length ? [`${named(unlisted)} n’y ${unlisted.length > 1 ? 'figurent' : 'figure'} pas`] : []),
    ...(missing.length ? [`${named(missing)} y ${missing.length > 1 ? 'figurent' : 'figure'} mais ${missing.length > 1 ? 'manquent' : 'manque'}`] : []),
  ];
  if (problems.length > 0) throw new PublishRefusal(`${shown} a changé depuis sa construction : ${problems.join(' ; ')}. Reconstruisez la version.`);
  uploads.push({ file: INTEGRITY_FILE, bytes: await readFile(join(folder, INTEGRITY_FILE)) });
  return uploads;
}

/**
 * A script or stylesheet with a brotli copy beside it is published as that copy's bytes under its own name, with
 * `Content-Encoding: br`: what the folder store sends browsers, a fraction of the bytes. A bucket answers it to every
 * client whatever its Accept-Encoding, so every client must decode brotli: browsers do (the shop's scripts load over
 * HTTPS, where all of them accept br), and so does Node's fetch; a browser's integrity check is of the decoded bytes.
 * A CDN in front must keep the object's Content-Encoding with its bytes: never compress it again, never drop the
 * header (decoding it for a client that does not accept br is fine). Nothing else is sent so: the manifests and the
 * Node build (`ssr/`), which the shop's servers read, go as they are. The copy must decode to the file's own bytes,
 * checked here against the record's digest: a copy that differs goes to `differing`, which refuses the folder.
 */
async function uploadOf(folder: string, file: string, bytes: Buffer, digest: string, files: Set<string>, differing: string[]): Promise<Upload> {
  const copy = `${file}.br`;
  if (!BROTLI_SERVED.test(file) || file.startsWith('ssr/') || !files.has(copy)) return { file, bytes };
  const compressed = await readFile(join(folder, copy));
  let decodedDigest: string | undefined;
  try {
    decodedDigest = digestOf(await unbrotli(compressed));
  } catch {
    decodedDigest = undefined;
  }
  if (decodedDigest !== digest) {
    differing.push(copy);
    return { file, bytes };
  }
  return { file, bytes: compressed, contentEncoding: 'br' };
}

/** Up to five names, then how many more. */
function named(files: string[]): string {
  const shown = files.slice(0, 5).join(', ');
  return files.length > 5 ? `${shown} et ${files.length - 5} autres` : shown;
}

/** Every regular file under `folder` (filesOfFolder); a refusal when the folder is missing. */
function filesOf(folder: string, shown: string): Set<string> {
  try {
    return new Set(filesOfFolder(folder));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw new PublishRefusal(`${shown} n’existe pas : construisez d’abord la version (RELEASE_VERSION=<version> pnpm build).`);
    }
    throw error;
  }
}

async function readJson(path: string, shown: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path, 'utf8'));
  } catch {
    throw new PublishRefusal(`${shown}/${relative(resolve(path, '..'), path)} n’est pas du JSON lisible.`);
  }
}

const USAGE = 'usage : shop-release-publish --remote <mf_frame|mf_cart|mf_catalog_pages> [--dir dist] <version>';

export interface CommandOutput {
  log(line: string): void;
  error(line: string): void;
}

/**
 * `shop-release-publish --remote <name> [--dir <folder>] <version>` (or RELEASE_VERSION), run by each remote's
 * `pnpm release:publish <version>` in the remote's folder: publishes `<dir>/<version>` (dir: `dist`) to the store
 * the environment names (store-config.ts). Prints the manifest's public URL last, alone on its line; answers the exit
 * code: 0 published, 1 not (each reason on its own line on stderr, the configuration's one per variable).
 */
export async function publishCommand(args: string[], env: NodeJS.ProcessEnv, cwd: string, out: CommandOutput): Promise<number> {
  let values: { remote?: string | undefined; dir?: string | undefined };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args, options: { remote: { type: 'string' }, dir: { type: 'string' } }, allowPositionals: true }));
  } catch (error) {
    out.error(`${(error as Error).message}\n${USAGE}`);
    return 1;
  }
  const version = positionals[0] ?? env['RELEASE_VERSION'] ?? '';
  const problems = [
    ...(isRemoteName(values.remote) ? [] : [`--remote doit nommer un remote de la boutique (${REMOTE_NAMES.join(', ')}).`]),
    ...(positionals.length > 1 ? [`une seule version à la fois (reçu : ${positionals.join(' ')}).`] : []),
    ...(isVersion(version) ? [] : ['la version à publier (ou RELEASE_VERSION) doit être un nom de version (lettres, chiffres, . _ ~ -).']),
  ];
  let store: ReleaseStore | undefined;
  if (isRemoteName(values.remote)) {
    try {
      store = openReleaseStore(readReleaseStoreConfig(values.remote, env, cwd), values.remote);
    } catch (error) {
      if (!(error instanceof ReleaseStoreConfigError)) throw error;
      problems.push(...error.problems);
    }
  }
  if (problems.length > 0 || !store) {
    store?.close();
    out.error([...problems, USAGE].join('\n'));
    return 1;
  }
  const remote = values.remote as RemoteName;
  try {
    const published = await publishRelease({ remote, version, folder: resolve(cwd, values.dir ?? 'dist', version), store, cwd, say: out.log });
    out.log(`${remote} ${version} publiée : ${published.files.length} fichiers dans ${store.describe()}, index ${published.indexUrl}. Son manifeste :`);
    out.log(published.manifestUrl);
    return 0;
  } catch (error) {
    const reason =
      error instanceof PublishRefusal
        ? error.message
        : `${describeFailure(error)} (${store.describe()}). Une version n’est publiée qu’une fois son manifeste envoyé, en dernier : relancez la publication.`;
    out.error(`ÉCHEC ${remote} ${version} : ${reason}`);
    return 1;
  } finally {
    store.close();
  }
}

/** A failure in one line: its message's first line, with a system error's code (ECONNREFUSED…) when it does not say it. */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  const message = error.message.split('\n')[0]?.trim();
  if (!message) return code ?? error.name;
  return code && !message.includes(code) ? `${message} (${code})` : message;
}
