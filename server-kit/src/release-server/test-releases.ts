import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A release folder as a remote's build leaves it, and a secret file beside it that must never be served. */
export interface TestReleases {
  /** The folder a release server serves (`dist/`). */
  root: string;
  /** What the big hashed script holds (over koa-compress's 1 kB threshold). */
  script: string;
  remove(): Promise<void>;
}

export const SECRET = 'not-for-browsers-0123456789';

export async function writeTestReleases(): Promise<TestReleases> {
  const base = await mkdtemp(join(tmpdir(), 'release-server-'));
  const root = join(base, 'dist');
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
  for (const version of ['1.0.0', '1.0.1']) {
    await mkdir(join(root, version, 'static/js'), { recursive: true });
    await mkdir(join(root, version, 'harness'), { recursive: true });
    await writeFile(join(root, version, 'mf-manifest.json'), JSON.stringify({ metaData: { buildInfo: { buildVersion: version } } }));
    await writeFile(join(root, version, 'static/js/remoteEntry.1a2b3c4d.js'), script);
    await writeFile(join(root, version, 'harness/index.html'), `<!doctype html><title>${version}</title>`);
  }
  await writeFile(join(base, 'secret.txt'), SECRET);
  return { root, script, remove: () => rm(base, { recursive: true, force: true }) };
}
