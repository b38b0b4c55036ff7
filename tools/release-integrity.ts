/**
 * Gives the browser's manifest the digests of the files a browser's federation runtime loads from it (its remote entry
 * and each exposed module's scripts and stylesheets), as `integrity`, so the shell's runtime plugin can set them on the
 * elements it creates (shell/src/remotes/subresource-integrity.ts); the remote entry carries the digests of every
 * chunk it loads itself (Rspack's SubresourceIntegrityPlugin). Then writes a release's integrity record (`dist/<version>/mf-integrity.json`, contracts/src/release-integrity.ts) once
 * every file of the release is final: after the manifests have been rewritten (serverEntryInManifest), so the record
 * covers the manifest browsers and renderers read. Every file is listed except the record itself and the
 * precompressed copies (`.br`, `.gz`), whose decoded bytes are the files they copy.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { RsbuildPlugin } from '@rsbuild/core';
import { digestOf } from '@shop/contracts/release-digest';
import { INTEGRITY_ALGORITHM, INTEGRITY_FILE, type ReleaseIntegrity } from '@shop/contracts/release-integrity';

const COMPRESSED_COPY = /\.(?:br|gz)$/;

/** The integrity record of the release folder `root`, its files sorted by name so a rebuild writes the same record. */
export function integrityOfFolder(root: string): ReleaseIntegrity {
  const files = readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((file) => file !== INTEGRITY_FILE && !COMPRESSED_COPY.test(file))
    .sort();
  return { algorithm: INTEGRITY_ALGORITHM, files: Object.fromEntries(files.map((file) => [file, digestOf(readFileSync(join(root, file)))])) };
}

interface BrowserManifest {
  metaData: { remoteEntry: { name: string; path: string } };
  exposes?: Array<{ assets?: Record<string, { sync?: string[]; async?: string[] } | undefined> }>;
  integrity?: Record<string, string>;
}

/** The browser manifest of the release folder `root`, with `integrity` for the files it names. */
export function withBrowserDigests(root: string): void {
  const path = join(root, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as BrowserManifest;
  const { name, path: folder } = manifest.metaData.remoteEntry;
  const named = [
    folder ? `${folder}/${name}` : name,
    ...(manifest.exposes ?? []).flatMap((module) => Object.values(module.assets ?? {}).flatMap((list) => [...(list?.sync ?? []), ...(list?.async ?? [])])),
  ];
  const files = [...new Set(named)].sort();
  manifest.integrity = Object.fromEntries(files.map((file) => [file, digestOf(readFileSync(join(root, file)))]));
  writeFileSync(path, JSON.stringify(manifest));
}

export function releaseIntegrity(version: string): RsbuildPlugin {
  return {
    name: 'shop:release-integrity',
    setup(api) {
      api.onAfterBuild({
        order: 'post',
        handler: () => {
          const root = join(api.context.rootPath, 'dist', version);
          withBrowserDigests(root);
          writeFileSync(join(root, INTEGRITY_FILE), `${JSON.stringify(integrityOfFolder(root), null, 1)}\n`);
        },
      });
    },
  };
}
