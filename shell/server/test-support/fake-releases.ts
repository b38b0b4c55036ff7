import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RemoteName } from '@shop/contracts/remotes';
import { SHARED_LIBRARIES } from '@shop/contracts/shared-libraries';
import { modulesTheShellTakes } from '../operations/releases/release-checks';

export interface FakeReleaseFlaws {
  /** An exposed module the shell needs, left out of the manifest. */
  without?: string;
  /** Another required version of react (e.g. `^18.2.0`). */
  react?: string;
  /** No server-rendering build. */
  noServerBuild?: boolean;
  /** Another remote's name in the manifest. */
  name?: string;
}

/**
 * A release folder as a remote's build leaves it, as far as the console's checks read it: `mf-manifest.json` (name,
 * exposes, shared singletons, the server build's entry) and the server build's file.
 */
export async function writeFakeRelease(root: string, remote: RemoteName, version: string, flaws: FakeReleaseFlaws = {}): Promise<void> {
  const dir = join(root, version);
  await mkdir(join(dir, 'ssr'), { recursive: true });
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
    exposes: modulesTheShellTakes(remote)
      .filter((path) => path !== flaws.without)
      .map((path) => ({ name: path.slice(2), path })),
  };
  await writeFile(join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  if (!flaws.noServerBuild) await writeFile(join(dir, 'ssr', `${remote}.js`), 'module.exports = {};');
}
