import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LiveRemotes } from './live-remotes';
import { configAt } from './revision-store.contract';

const errors: string[] = [];
const log = { info: () => undefined, error: (message: string) => void errors.push(message) };
const opened: Array<{ live: LiveRemotes; dir: string }> = [];
afterEach(async () => {
  for (const { live, dir } of opened.splice(0)) {
    await live.close();
    await rm(dir, { recursive: true, force: true });
  }
});

async function openLive() {
  const dir = await mkdtemp(join(tmpdir(), 'live-remotes-'));
  const remotesPath = join(dir, 'remotes.json');
  await writeFile(remotesPath, JSON.stringify(configAt('1.0.0')));
  const live = await LiveRemotes.open({ remotesPath, historyPath: join(dir, 'remotes.history.json'), log });
  opened.push({ live, dir });
  return { live, remotesPath };
}

const until = async (check: () => boolean) => {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('LiveRemotes with the file alone', () => {
  it('makes a valid hand edit of the file a revision by remotes.json, and leaves the edited file as written', async () => {
    const { live, remotesPath } = await openLive();
    const edited = `{"remotes":${JSON.stringify(configAt('1.0.7').remotes)}}`;
    await writeFile(remotesPath, edited);
    await until(() => live.store.live.revision === 2);
    expect(live.current).toEqual(configAt('1.0.7'));
    expect(live.store.live).toMatchObject({ by: 'remotes.json', changes: [{ name: 'mf_cart' }] });
    expect(await readFile(remotesPath, 'utf8')).toBe(edited);
  });

  it('refuses an invalid hand edit and keeps the live revision', async () => {
    const { live, remotesPath } = await openLive();
    await writeFile(remotesPath, '{"remotes": "pas une liste"}');
    await until(() => errors.some((message) => message.includes('refused, keeping the last good configuration')));
    expect(live.store.live.revision).toBe(1);
    expect(live.current).toEqual(configAt('1.0.0'));
    await live.store.commit({ config: configAt('1.0.1'), by: 'amina', reason: null }, 1);
    expect(live.current).toEqual(configAt('1.0.1'));
    // The console's change rewrote the file: valid again, and the same configuration.
    expect(JSON.parse(await readFile(remotesPath, 'utf8'))).toEqual(configAt('1.0.1'));
    expect(live.store.live.revision).toBe(2);
  });
});
