import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { ReleaseListing } from '@shop/contracts/operations';
import { integrityOfFolder } from '@shop/contracts/release-digest';
import { INTEGRITY_FILE } from '@shop/contracts/release-integrity';
import { SHOP_LOCALES, type ShopLocale } from '@shop/contracts/locales';
import { MESSAGES_FILE } from '@shop/contracts/part-messages-release';
import type { RemoteName } from '@shop/contracts/remotes';
import { SHARED_LIBRARIES } from '@shop/contracts/shared-libraries';
import { modulesTheShellTakes } from '../server/releases/release-checks';

export interface FakeReleaseFlaws {
  /** An exposed module the shell needs, left out of the manifest. */
  without?: string;
  /** Another required version of react (e.g. `^18.2.0`). */
  react?: string;
  /** No server-rendering build. */
  noServerBuild?: boolean;
  /** Another remote's name in the manifest. */
  name?: string;
  /** A browser chunk the manifest names, left out of the folder (a partial upload). */
  missingChunk?: boolean;
  /** A file of the folder (`ssr/mf_cart.js`, `mf-manifest.json`…) changed after its integrity record was written. */
  changed?: string;
  /** No `mf-integrity.json` (a release built before the record existed, or copied without it). */
  noIntegrity?: boolean;
  /** Message keys a language's files lack (`{ 'ar-MA': ['cart.empty'] }`): a team that forgot to translate. */
  untranslated?: Partial<Record<ShopLocale, string[]>>;
}

/** The message keys of a fake release, in every shop language unless a flaw says otherwise. */
const FAKE_MESSAGE_KEYS = ['part.title', 'part.empty', 'part.total'];

/**
 * A release folder as a remote's build leaves it, as far as the console's checks read it: `mf-manifest.json` (name,
 * exposes with their browser chunks, shared singletons, the browser and server builds' entries), the browser files
 * it names (the entry with its precompressed `.br` and `.gz` copies), the server build's entry and a chunk of it, its
 * words' keys per language (`mf-messages.json`), and `mf-integrity.json` listing every file's digest, written last as
 * the build writes it.
 */
export async function writeFakeRelease(root: string, remote: RemoteName, version: string, flaws: FakeReleaseFlaws = {}): Promise<void> {
  const dir = join(root, version);
  await mkdir(join(dir, 'ssr'), { recursive: true });
  await mkdir(join(dir, 'static/js/async'), { recursive: true });
  await mkdir(join(dir, 'static/css/async'), { recursive: true });
  const modules = modulesTheShellTakes(remote).filter((path) => path !== flaws.without);
  const assetsOf = (path: string) => ({
    js: { sync: ['static/js/async/shared.js', `static/js/async/__federation_expose_${path.slice(2)}.js`], async: ['static/js/async/lazy.js'] },
    css: { sync: [`static/css/async/__federation_expose_${path.slice(2)}.css`], async: [] },
  });
  const manifest = {
    id: remote,
    name: flaws.name ?? remote,
    metaData: {
      name: remote,
      buildInfo: { buildVersion: version, buildName: remote },
      remoteEntry: { name: `static/js/${remote}.js`, path: '', type: 'global' },
      ...(flaws.noServerBuild ? {} : { ssrRemoteEntry: { name: `${remote}.js`, path: 'ssr', type: 'commonjs-module' } }),
    },
    shared: Object.entries(SHARED_LIBRARIES).map(([name, range]) => ({
      name,
      version: range.replace('^', ''),
      singleton: true,
      requiredVersion: name === 'react' && flaws.react ? flaws.react : range,
    })),
    exposes: modules.map((path) => ({ name: path.slice(2), path, assets: assetsOf(path) })),
  };
  await writeFile(join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  const keys = Object.fromEntries(SHOP_LOCALES.map((locale) => [locale, FAKE_MESSAGE_KEYS.filter((key) => !flaws.untranslated?.[locale]?.includes(key))]));
  await writeFile(join(dir, MESSAGES_FILE), JSON.stringify({ keys }));
  const files = new Set([`static/js/${remote}.js`, ...modules.flatMap((path) => Object.values(assetsOf(path)).flatMap((kind) => [...kind.sync, ...kind.async]))]);
  // The one a partial upload lost: the first module's own chunk.
  if (flaws.missingChunk) files.delete(assetsOf(modules[0]!).js.sync[1]!);
  for (const file of files) await writeFile(join(dir, file), file.endsWith('.css') ? '.x{}' : `void ${JSON.stringify(file)};`);
  // The server prefers the precompressed copies (Node's fetch asks for gzip): the checks must compare what a client decodes.
  const entryFile = await readFile(join(dir, `static/js/${remote}.js`));
  await writeFile(join(dir, `static/js/${remote}.js.br`), brotliCompressSync(entryFile));
  await writeFile(join(dir, `static/js/${remote}.js.gz`), gzipSync(entryFile));
  if (!flaws.noServerBuild) {
    await writeFile(join(dir, 'ssr', `${remote}.js`), 'module.exports = { chunk: require("./chunk.js") };');
    await writeFile(join(dir, 'ssr', 'chunk.js'), 'module.exports = {};');
  }
  if (!flaws.noIntegrity) await writeFile(join(dir, INTEGRITY_FILE), JSON.stringify(integrityOfFolder(dir)));
  if (flaws.changed) {
    const path = join(dir, flaws.changed);
    const text = await readFile(path, 'utf8');
    // Still a manifest or a script that works: only its digest tells it changed.
    await writeFile(path, path.endsWith('.json') ? JSON.stringify({ ...JSON.parse(text), changedAfterPublication: true }) : `${text}\n/* changé après la publication */`);
  }
}

/**
 * A remote's index in the release store, `<root>/releases.json` beside its version folders, each manifest relative to it
 * (`1.1.0/mf-manifest.json`) as the store writes it; newest build first.
 */
export async function writeStoreIndex(root: string, versions: readonly string[]): Promise<void> {
  const now = Date.now();
  const listing: ReleaseListing = {
    releases: versions.map((version, i) => ({ version, manifest: `${version}/mf-manifest.json`, builtAt: new Date(now - i * 1000).toISOString() })),
  };
  await writeFile(join(root, 'releases.json'), JSON.stringify(listing));
}
