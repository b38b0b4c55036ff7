/**
 * Makes a release folder that a test has edited consistent again, as a team's pipeline would have built it with the
 * edit in its source: every changed file gets its new digest wherever the release records the old one (the remote
 * entry's Subresource Integrity table, the manifest's `integrity`, then `mf-integrity.json`), and the precompressed
 * copies of a changed file are dropped (the release server then compresses the file as it sends it). Without this the
 * release checks and the renderers would refuse the edit as a file changed after publishing (decision 032), which is a
 * journey of its own; the journeys that use this stand for a team that publishes a flawed but genuine release.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { digestOf, integrityOfFolder } from '@shop/contracts/release-digest';
import { INTEGRITY_FILE, parseReleaseIntegrity } from '@shop/contracts/release-integrity';

const TEXT = /\.(?:js|json|css|html)$/;

export function resealRelease(folder: string): void {
  const record = parseReleaseIntegrity(JSON.parse(readFileSync(join(folder, INTEGRITY_FILE), 'utf8')));
  if (typeof record === 'string') throw new Error(`${folder}: ${INTEGRITY_FILE} ${record}`);
  const recorded = { ...record.files };
  // A file's new digest changes the files that record it, whose digests change in turn: until nothing moves.
  for (let changed = true; changed; ) {
    changed = false;
    for (const [file, digest] of Object.entries(recorded)) {
      const actual = digestOf(readFileSync(join(folder, file)));
      if (actual === digest) continue;
      changed = true;
      recorded[file] = actual;
      for (const copy of ['.br', '.gz']) rmSync(join(folder, `${file}${copy}`), { force: true });
      for (const other of Object.keys(recorded).filter((name) => TEXT.test(name))) {
        const text = readFileSync(join(folder, other), 'utf8');
        if (text.includes(digest)) writeFileSync(join(folder, other), text.split(digest).join(actual));
      }
    }
  }
  writeFileSync(join(folder, INTEGRITY_FILE), JSON.stringify(integrityOfFolder(folder)));
}
