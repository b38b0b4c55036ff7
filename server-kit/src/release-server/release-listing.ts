import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Release, ReleaseListing } from '@shop/contracts/operations';

/** A folder name that is a plain URL path segment, so the manifest's path is always canonical. */
const VERSION_FOLDER = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/;

/**
 * The releases side by side under `root` (`<root>/<version>/mf-manifest.json`), newest build first: what the operators'
 * console offers (decision 020). A folder without a readable manifest (the harness, static files) is not a release.
 */
export async function listReleases(root: string): Promise<ReleaseListing> {
  let folders: string[];
  try {
    folders = (await readdir(root, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  } catch {
    return { releases: [] };
  }
  const found = await Promise.all(
    folders
      .filter((name) => VERSION_FOLDER.test(name))
      .map(async (version): Promise<Release | null> => {
        const path = join(root, version, 'mf-manifest.json');
        try {
          JSON.parse(await readFile(path, 'utf8'));
          const { mtime } = await stat(path);
          return { version, manifest: `/${version}/mf-manifest.json`, builtAt: mtime.toISOString() };
        } catch {
          return null;
        }
      }),
  );
  const releases = found.filter((release): release is Release => release !== null);
  releases.sort((a, b) => b.builtAt.localeCompare(a.builtAt) || b.version.localeCompare(a.version));
  return { releases };
}
