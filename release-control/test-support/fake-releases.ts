import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
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
}

/**
 * A release folder as a remote's build leaves it, as far as the console's checks read it: `mf-manifest.json` (name,
 * exposes with their browser chunks, shared singletons, the browser and server builds' entries), the browser files
 * it names and the server build's file.
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
  const files = new Set([`static/js/${remote}.js`, ...modules.flatMap((path) => Object.values(assetsOf(path)).flatMap((kind) => [...kind.sync, ...kind.async]))]);
  // The one a partial upload lost: the first module's own chunk.
  if (flaws.missingChunk) files.delete(assetsOf(modules[0]!).js.sync[1]!);
  for (const file of files) await writeFile(join(dir, file), file.endsWith('.css') ? '.x{}' : 'void 0;');
  if (!flaws.noServerBuild) await writeFile(join(dir, 'ssr', `${remote}.js`), 'module.exports = {};');
}
