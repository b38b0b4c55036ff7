/**
 * What a release records of its bytes, written once every file of the release is final (after serverEntryInManifest
 * has rewritten the manifests), decision 032:
 * - the browser manifest's `integrity`: the digests of every script and stylesheet a browser may load from the release
 *   (its remote entry, the exposed modules' files, every chunk they load later), which the shell sets on the elements
 *   that load them (shell/src/remotes/subresource-integrity.ts). They travel in the manifest, which the page fetches
 *   anyway, rather than in a table inside each remote entry (Rspack's SubresourceIntegrityPlugin: 4.6 kB of brotli over
 *   the three entries on every first load);
 * - `dist/<version>/mf-integrity.json` (contracts/src/release-integrity.ts): every file's digest, the manifest as
 *   written included, except the record itself and the precompressed copies (`.br`, `.gz`), whose decoded bytes are
 *   the files they copy.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RsbuildPlugin } from '@rsbuild/core';
import { digestOf, integrityOfFolder } from '@shop/contracts/release-digest';
import { INTEGRITY_FILE } from '@shop/contracts/release-integrity';

const MANIFEST_FILE = 'mf-manifest.json';

interface BrowserManifest {
  integrity?: Record<string, string>;
}

/** The browser build's scripts and stylesheets: what a browser may load from the release. */
const BROWSER_FILE = /^static\/.*\.(?:js|css)$/;

/**
 * Writes the manifest's `integrity` from the folder's record, then the record, whose digest of the manifest is then
 * the manifest's as written.
 */
export function recordIntegrity(root: string): void {
  const record = integrityOfFolder(root);
  const manifestPath = join(root, MANIFEST_FILE);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as BrowserManifest;
  manifest.integrity = Object.fromEntries(Object.entries(record.files).filter(([file]) => BROWSER_FILE.test(file)));
  const text = JSON.stringify(manifest);
  writeFileSync(manifestPath, text);
  record.files[MANIFEST_FILE] = digestOf(text);
  writeFileSync(join(root, INTEGRITY_FILE), `${JSON.stringify(record, null, 1)}\n`);
}

export function releaseIntegrity(version: string): RsbuildPlugin {
  return {
    name: 'shop:release-integrity',
    setup(api) {
      api.onAfterBuild({ order: 'post', handler: () => recordIntegrity(join(api.context.rootPath, 'dist', version)) });
    },
  };
}
