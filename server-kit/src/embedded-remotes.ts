import { copyFile, mkdir } from 'node:fs/promises';
import { constants } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The remotes file a shell runs with when REMOTES_CONFIG is not set, and everything release control keeps beside it
 * (revisions, operators, previews, the metrics token): in shell/.data/, which git ignores, as cart-service keeps its
 * database in cart-service/.data/. Running the shop, switching a release or adding an operator never changes a tracked
 * file (decision 031). The shell and the operators' commands (`operators`, `teams`) read the same path from here.
 */
export const EMBEDDED_REMOTES_FILE = fileURLToPath(new URL('../../shell/.data/remotes.json', import.meta.url));

/** The tracked configuration a fresh checkout starts from: the releases of the shop as built, on the design's ports. */
export const REMOTES_SEED_FILE = fileURLToPath(new URL('../../shell/config/remotes.json', import.meta.url));

/**
 * The remotes file a shell runs with, given REMOTES_CONFIG: that file as it is (resolved from the working folder), or
 * when it is unset or empty the embedded one, with the seed it starts from. A set REMOTES_CONFIG is never seeded: a
 * production file that is missing is a mistake to report, not a localhost configuration to invent.
 */
export function remotesFileFor(configured: string | undefined): { path: string; seed: string | null } {
  return configured ? { path: resolve(configured), seed: null } : { path: EMBEDDED_REMOTES_FILE, seed: REMOTES_SEED_FILE };
}

/**
 * Makes `live` a copy of `seed` when it does not exist yet (its folder too); a file already there, with the switches
 * made since, is kept as it is. True when it was seeded.
 */
export async function seedRemotesFile(live: string, seed: string): Promise<boolean> {
  await mkdir(dirname(live), { recursive: true });
  try {
    await copyFile(seed, live, constants.COPYFILE_EXCL);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}
