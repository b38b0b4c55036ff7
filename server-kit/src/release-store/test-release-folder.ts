import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { digestOf } from '@shop/contracts/release-digest';
import { INTEGRITY_ALGORITHM, INTEGRITY_FILE, type ReleaseIntegrity } from '@shop/contracts/release-integrity';
import type { RemoteName } from '@shop/contracts/remotes';

/** A remote's package as tests need it: `<packageDir>/dist/<version>/`, a release folder as a build leaves it. */
export interface TestReleaseFolder {
  /** The remote's package folder (the command's cwd). */
  packageDir: string;
  /** `<packageDir>/dist/<version>`. */
  folder: string;
  /** Each file of the release by its path in it, as written (the compressed copies and the record aside). */
  files: Record<string, string>;
  integrity: ReleaseIntegrity;
  /** The manifest's time: the release's build time. */
  builtAt: string;
  /** Adds another version's folder beside it (`dist/<version>/`), same files with that version's manifest. */
  addVersion(version: string, options?: { scriptText?: string }): Promise<string>;
  remove(): Promise<void>;
}

const BUILT_AT = '2026-11-20T10:00:00.000Z';

/**
 * Writes a tiny release of `remote` as its build would: a manifest naming the remote and version, a script and a
 * stylesheet under `static/` each with its `.br` and `.gz` copies, a Node build under `ssr/`, stats, the harness page,
 * and `mf-integrity.json` of every file but itself and the copies, made with digestOf.
 */
export async function writeTestReleaseFolder(remote: RemoteName, version: string): Promise<TestReleaseFolder> {
  const packageDir = await mkdtemp(join(tmpdir(), 'release-folder-'));
  const write = async (versionName: string, scriptText: string) => {
    const folder = join(packageDir, 'dist', versionName);
    const files: Record<string, string> = {
      'mf-manifest.json': JSON.stringify({ id: remote, name: remote, metaData: { buildInfo: { buildVersion: versionName, buildName: remote } } }),
      'mf-stats.json': JSON.stringify({ name: remote }),
      [`static/js/${remote}.1a2b3c4d.js`]: scriptText,
      'static/js/async/7.5e6f.js': `console.log("chunk ${versionName}");\n`,
      'static/css/cart.9f8e.css': `.panier{color:#5b3a29}\n${'.ligne{margin:0}\n'.repeat(50)}`,
      [`ssr/${remote}.js`]: `module.exports = { version: ${JSON.stringify(versionName)} };\n`,
      'harness/index.html': `<!doctype html><title>${remote} ${versionName}</title>`,
    };
    for (const [file, content] of Object.entries(files)) {
      await mkdir(dirname(join(folder, file)), { recursive: true });
      await writeFile(join(folder, file), content);
      if (/^static\/.*\.(?:js|css)$/.test(file)) {
        await writeFile(join(folder, `${file}.br`), brotliCompressSync(content));
        await writeFile(join(folder, `${file}.gz`), gzipSync(content));
      }
    }
    const integrity: ReleaseIntegrity = {
      algorithm: INTEGRITY_ALGORITHM,
      files: Object.fromEntries(Object.entries(files).map(([file, content]) => [file, digestOf(content)]).sort(([a], [b]) => a!.localeCompare(b!))),
    };
    await writeFile(join(folder, INTEGRITY_FILE), `${JSON.stringify(integrity, null, 1)}\n`);
    await utimes(join(folder, 'mf-manifest.json'), new Date(BUILT_AT), new Date(BUILT_AT));
    return { folder, files, integrity };
  };
  const first = await write(version, `console.log(${JSON.stringify(`${remote} ${version} `.repeat(200))});\n`);
  return {
    packageDir,
    ...first,
    builtAt: BUILT_AT,
    addVersion: async (other, options = {}) => (await write(other, options.scriptText ?? `console.log(${JSON.stringify(other)});\n`)).folder,
    remove: () => rm(packageDir, { recursive: true, force: true }),
  };
}
