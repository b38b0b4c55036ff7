import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EMBEDDED_REMOTES_FILE, REMOTES_SEED_FILE, remotesFileFor, seedRemotesFile } from './embedded-remotes';

describe('the embedded remotes file', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('lives in shell/.data (git-ignored) and starts from the tracked shell/config/remotes.json', async () => {
    const root = join(REMOTES_SEED_FILE, '../../..');
    expect(relative(root, EMBEDDED_REMOTES_FILE)).toBe(join('shell', '.data', 'remotes.json'));
    expect(relative(root, REMOTES_SEED_FILE)).toBe(join('shell', 'config', 'remotes.json'));
    const ignored = (await readFile(join(root, '.gitignore'), 'utf8')).split('\n');
    expect(ignored).toContain('.data/');
  });

  it('is what runs unless REMOTES_CONFIG names a file, which is used as it is and never seeded', () => {
    expect(remotesFileFor(undefined)).toEqual({ path: EMBEDDED_REMOTES_FILE, seed: REMOTES_SEED_FILE });
    expect(remotesFileFor('')).toEqual({ path: EMBEDDED_REMOTES_FILE, seed: REMOTES_SEED_FILE });
    expect(remotesFileFor('/etc/maison-argane/remotes.json')).toEqual({ path: '/etc/maison-argane/remotes.json', seed: null });
    expect(remotesFileFor('remotes.json')).toEqual({ path: join(process.cwd(), 'remotes.json'), seed: null });
  });

  it('is copied from the seed when missing, folder included, and kept as it is afterwards', async () => {
    dir = await mkdtemp(join(tmpdir(), 'embedded-remotes-'));
    const seed = join(dir, 'seed.json');
    const live = join(dir, 'data', 'nested', 'remotes.json');
    await writeFile(seed, '{"remotes":[]}');
    expect(await seedRemotesFile(live, seed)).toBe(true);
    expect(await readFile(live, 'utf8')).toBe('{"remotes":[]}');
    // A switch made since: the next start keeps it.
    await writeFile(live, '{"remotes":["switched"]}');
    expect(await seedRemotesFile(live, seed)).toBe(false);
    expect(await readFile(live, 'utf8')).toBe('{"remotes":["switched"]}');
  });

  it('fails when the seed is missing, rather than starting with nothing', async () => {
    dir = await mkdtemp(join(tmpdir(), 'embedded-remotes-'));
    await expect(seedRemotesFile(join(dir, 'remotes.json'), join(dir, 'absent.json'))).rejects.toThrow(/ENOENT/);
  });
});
