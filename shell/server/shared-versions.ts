import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SHARED_LIBRARIES, type SharedLibrary } from '@shop/contracts/shared-libraries';

/** The version of each shared library the shell's browser build provides (its mf-manifest.json), the declared range's floor otherwise. */
export async function shellSharedVersions(distDir: string): Promise<Partial<Record<SharedLibrary, string>>> {
  try {
    const manifest = JSON.parse(await readFile(join(distDir, 'mf-manifest.json'), 'utf8')) as { shared?: Array<{ name: string; version: string }> };
    return Object.fromEntries((manifest.shared ?? []).filter((s) => s.name in SHARED_LIBRARIES).map((s) => [s.name, s.version]));
  } catch {
    return Object.fromEntries(Object.entries(SHARED_LIBRARIES).map(([name, range]) => [name, range.replace(/^\^/, '')]));
  }
}
