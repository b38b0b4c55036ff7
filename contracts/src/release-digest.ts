/**
 * The one way a release file's bytes become their digest (release-integrity.ts), and which files of a release folder
 * its record lists. Node only (node:crypto, node:fs): for the build, `release:publish`, the release check, the shell's
 * renderers and their tests, never for a browser bundle.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { INTEGRITY_ALGORITHM, INTEGRITY_FILE, type ReleaseIntegrity } from './release-integrity';

export const digestOf = (bytes: Uint8Array | string): string => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/**
 * Every regular file under `folder`, by its path inside it with `/`. Links are left out: one might lead out of the
 * folder, so it is neither recorded, read nor published.
 */
export function filesOfFolder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/** A precompressed copy the build writes beside a file (`x.js.br`, `x.js.gz`): its decoded bytes are that file's. */
export const isCompressedCopy = (file: string): boolean => /\.(?:br|gz)$/.test(file);

/** Whether a release's record lists `file`: every file but the record itself and the precompressed copies. */
export const isRecorded = (file: string): boolean => file !== INTEGRITY_FILE && !isCompressedCopy(file);

/** The integrity record of the release folder `root`, its files sorted by name so a rebuild writes the same record. */
export function integrityOfFolder(root: string): ReleaseIntegrity {
  const files = filesOfFolder(root).filter(isRecorded).sort();
  return { algorithm: INTEGRITY_ALGORITHM, files: Object.fromEntries(files.map((file) => [file, digestOf(readFileSync(join(root, file)))])) };
}
