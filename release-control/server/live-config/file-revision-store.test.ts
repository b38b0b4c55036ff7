import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileRevisionStore } from './file-revision-store';
import { configAt, revisionStoreContract } from './revision-store.contract';

const folders: string[] = [];
async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'shop-revisions-'));
  folders.push(dir);
  return dir;
}
afterAll(() => Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true }))));

revisionStoreContract('FileRevisionStore', async (initial) => {
  const dir = await folder();
  await writeFile(join(dir, 'remotes.json'), JSON.stringify(initial));
  return FileRevisionStore.open(join(dir, 'remotes.json'), join(dir, 'remotes.history.json'));
});

describe('FileRevisionStore', () => {
  it('rewrites the operators’ file on commit and keeps the history across a restart', async () => {
    const dir = await folder();
    const paths = [join(dir, 'remotes.json'), join(dir, 'remotes.history.json')] as const;
    await writeFile(paths[0], JSON.stringify(configAt('1.0.0')));
    const store = await FileRevisionStore.open(...paths);
    await store.commit({ config: configAt('1.0.1'), by: 'amina', reason: 'essai' }, 1);
    await store.close();
    expect(JSON.parse(await readFile(paths[0], 'utf8'))).toEqual(configAt('1.0.1'));

    const again = await FileRevisionStore.open(...paths);
    expect(again.live).toMatchObject({ revision: 2, by: 'amina', reason: 'essai' });
    expect((await again.history()).map((r) => r.revision)).toEqual([2, 1]);
  });

  it('records an edit of the file made while the shell was stopped as a revision of the file', async () => {
    const dir = await folder();
    const paths = [join(dir, 'remotes.json'), join(dir, 'remotes.history.json')] as const;
    await writeFile(paths[0], JSON.stringify(configAt('1.0.0')));
    await (await FileRevisionStore.open(...paths)).close();
    await writeFile(paths[0], JSON.stringify(configAt('1.0.0', '1.0.1')));
    const again = await FileRevisionStore.open(...paths);
    expect(again.live).toMatchObject({ revision: 2, by: 'remotes.json', changes: [{ name: 'mf_frame' }] });
  });
});
