import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Canary, RemotesConfig } from '@shop/contracts/remotes';
import { FileRevisionStore } from './file-revision-store';
import { purgeReplacedReleases, replacedReleaseTags } from './purge-replaced-releases';
import { RedisRevisionStore } from './redis-revision-store';
import { configAt } from './revision-store.contract';
import { redisForFile } from '../../test-support/for-file';

const redis = redisForFile();

const entry = (version: string) => `http://127.0.0.1:4001/${version}/mf-manifest.json`;
const canary = (version: string, share: number, startedAt = '2026-01-01T10:00:00.000Z'): Canary => ({ name: 'mf_cart', entry: entry(version), share, startedAt });
const withCanary = (config: RemotesConfig, running: Canary): RemotesConfig => ({ ...config, canary: running });

describe('replacedReleaseTags', () => {
  it('names the old release of each remote whose live release moved', () => {
    expect(replacedReleaseTags(configAt('1.0.0'), configAt('1.0.1'))).toEqual(['release:mf_cart@1.0.0']);
  });

  it('names the live release of the remote when a canary starts or its share changes, and the old candidate when it changes', () => {
    const live = configAt('1.0.0');
    expect(replacedReleaseTags(live, withCanary(live, canary('1.1.0', 10)))).toEqual(['release:mf_cart@1.0.0']);
    expect(replacedReleaseTags(withCanary(live, canary('1.1.0', 10)), withCanary(live, canary('1.1.0', 50)))).toEqual(['release:mf_cart@1.1.0', 'release:mf_cart@1.0.0']);
    expect(replacedReleaseTags(withCanary(live, canary('1.1.0', 10)), withCanary(live, canary('1.2.0', 10, '2026-01-02T10:00:00.000Z')))).toEqual([
      'release:mf_cart@1.1.0',
      'release:mf_cart@1.0.0',
    ]);
  });

  it('names the candidate when a canary is aborted, and the candidate and the old live release when it is promoted', () => {
    const live = configAt('1.0.0');
    expect(replacedReleaseTags(withCanary(live, canary('1.1.0', 10)), live)).toEqual(['release:mf_cart@1.1.0']);
    expect(replacedReleaseTags(withCanary(live, canary('1.1.0', 10)), configAt('1.1.0'))).toEqual(['release:mf_cart@1.0.0', 'release:mf_cart@1.1.0']);
  });

  it('names nothing when no release changed', () => {
    expect(replacedReleaseTags(configAt('1.0.0'), { ...configAt('1.0.0'), overrideOrigins: ['http://127.0.0.1:4001'] })).toEqual([]);
  });
});

describe('purgeReplacedReleases', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  async function fileStore() {
    const dir = await mkdtemp(join(tmpdir(), 'purge-replaced-'));
    dirs.push(dir);
    await writeFile(join(dir, 'remotes.json'), JSON.stringify(configAt('1.0.0')));
    const purges: Purge[] = [];
    const store = await FileRevisionStore.open(join(dir, 'remotes.json'), join(dir, 'remotes.history.json'));
    purgeReplacedReleases(store, recording(purges));
    return { store, purges };
  }

  it('purges once a change is committed, saying what it was, and never for a change refused by the compare-and-set', async () => {
    const { store, purges } = await fileStore();
    expect((await store.commit({ config: configAt('1.0.1'), by: 'amina', reason: null }, 1)).kind).toBe('committed');
    expect((await store.commit({ config: configAt('1.0.2'), by: 'amina', reason: null }, 1)).kind).toBe('conflict');
    await new Promise((resolve) => setImmediate(resolve));
    expect(purges).toEqual([{ tags: ['release:mf_cart@1.0.0'], reason: 'switch mf_cart 1.0.0 → 1.0.1' }]);
  });

  it('two shells on one Redis: each purges every change as it applies it, one another shell made first included', async () => {
    const prefix = redis.prefix('purge');
    const [a, b] = [await RedisRevisionStore.open(redis.client(), configAt('1.0.0'), prefix), await RedisRevisionStore.open(redis.client(), configAt('1.0.0'), prefix)];
    const byA: Purge[] = [];
    const byB: Purge[] = [];
    purgeReplacedReleases(a, recording(byA));
    purgeReplacedReleases(b, recording(byB));
    await a.commit({ config: configAt('1.0.1'), by: 'youssef', reason: null }, 1);
    // B commits on revision 2 whether or not A's message has reached it yet: its commit reads the live revision first.
    expect((await b.commit({ config: configAt('1.0.2'), by: 'amina', reason: null }, 2)).kind).toBe('committed');
    const both = [
      { tags: ['release:mf_cart@1.0.0'], reason: 'switch mf_cart 1.0.0 → 1.0.1' },
      { tags: ['release:mf_cart@1.0.1'], reason: 'switch mf_cart 1.0.1 → 1.0.2' },
    ];
    expect(byB).toEqual(both);
    await expect.poll(() => byA, { timeout: 10_000 }).toEqual(both);
    await Promise.all([a.close(), b.close()]);
  });
});

type Purge = { tags: readonly string[]; reason: string };
const recording = (purges: Purge[]) => ({ purge: (tags: readonly string[], reason: string) => void purges.push({ tags, reason }) });
