import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Release, ReleaseListing } from '@shop/contracts/operations';

/** A folder name that is a plain URL path segment (no dot first, nothing to escape), so the manifest's path is canonical. */
const VERSION_FOLDER = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/;

/** Versions compared by their numbers (`1.0.10` after `1.0.9`), the same on every machine. */
const byVersion = new Intl.Collator('en', { numeric: true });

/**
 * The releases side by side under `root` (`<root>/<version>/mf-manifest.json`), newest build first (ties: highest
 * version first): what the operators' console offers (decision 020). Read on each call, so a release copied in shows
 * at once. A folder without a manifest that parses (the harness, static files, a copy still under way) is not a release.
 */
export async function listReleases(root: string): Promise<ReleaseListing> {
  let folders: string[];
  try {
    folders = (await readdir(root, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  } catch (error) {
    // No folder yet (nothing deployed) is an empty list; any other failure is the server's and must not look like one.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { releases: [] };
    throw error;
  }
  const found = await Promise.all(folders.filter((name) => VERSION_FOLDER.test(name)).map((version) => releaseIn(root, version)));
  const releases = found.filter((release): release is Release & { builtMs: number } => release !== null);
  releases.sort((a, b) => b.builtMs - a.builtMs || byVersion.compare(b.version, a.version));
  return { releases: releases.map(({ version, manifest, builtAt }) => ({ version, manifest, builtAt })) };
}

/** The release in `<root>/<version>/`, or null when its manifest is missing or does not parse. */
async function releaseIn(root: string, version: string): Promise<(Release & { builtMs: number }) | null> {
  const path = join(root, version, 'mf-manifest.json');
  try {
    JSON.parse(await readFile(path, 'utf8'));
    const { mtime } = await stat(path);
    return { version, manifest: `/${version}/mf-manifest.json`, builtAt: mtime.toISOString(), builtMs: mtime.getTime() };
  } catch {
    return null;
  }
}
