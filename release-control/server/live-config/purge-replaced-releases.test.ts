import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Canary, RemotesConfig } from '@shop/contracts/remotes';
import { FileRevisionStore } from './file-revision-store';
import { purgingReplacedReleases, replacedReleaseTags } from './purge-replaced-releases';
import { configAt } from './revision-store.contract';

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

describe('purgingReplacedReleases', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  async function fileStore() {
    const dir = await mkdtemp(join(tmpdir(), 'purge-replaced-'));
    dirs.push(dir);
    await writeFile(join(dir, 'remotes.json'), JSON.stringify(configAt('1.0.0')));
    const purges: Array<{ tags: readonly string[]; reason: string }> = [];
    const inner = await FileRevisionStore.open(join(dir, 'remotes.json'), join(dir, 'remotes.history.json'));
    return { inner, purges, store: purgingReplacedReleases(inner, { purge: (tags, reason) => void purges.push({ tags, reason }) }) };
  }

  it('purges once a change is committed, saying what it was, and never for a change refused by the compare-and-set', async () => {
    const { store, purges } = await fileStore();
    expect((await store.commit({ config: configAt('1.0.1'), by: 'amina', reason: null }, 1)).kind).toBe('committed');
    expect((await store.commit({ config: configAt('1.0.2'), by: 'amina', reason: null }, 1)).kind).toBe('conflict');
    await new Promise((resolve) => setImmediate(resolve));
    // Once by the process that committed it, once more when this process applied it (as every shell does).
    expect(purges).toEqual(
      expect.arrayContaining([
        { tags: ['release:mf_cart@1.0.0'], reason: 'switch mf_cart 1.0.0 → 1.0.1' },
        { tags: ['release:mf_cart@1.0.0'], reason: 'applied switch mf_cart 1.0.0 → 1.0.1' },
      ]),
    );
    expect(purges).toHaveLength(2);
  });

  it('purges again in a process that applies a change another one made (its renders of the old release may be cached)', async () => {
    const { inner, purges } = await fileStore();
    await inner.commit({ config: configAt('1.0.1'), by: 'youssef', reason: null }, 1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(purges).toEqual([{ tags: ['release:mf_cart@1.0.0'], reason: 'applied switch mf_cart 1.0.0 → 1.0.1' }]);
  });

  it('reads the replaced configuration from the history when this process had not seen it yet', async () => {
    const { inner, store, purges } = await fileStore();
    // Another writer (as another shell through Redis) makes revision 2 behind the wrapper's back.
    await inner.commit({ config: configAt('1.0.1'), by: 'youssef', reason: null }, 1);
    const stale = Object.create(inner) as typeof inner;
    Object.defineProperty(stale, 'live', { get: () => ({ ...inner.live, revision: 1, config: configAt('1.0.0') }) });
    const lagging = purgingReplacedReleases(
      { live: stale.live, history: () => inner.history(), commit: (change, expected) => inner.commit(change, expected), onChange: (l) => inner.onChange(l), close: () => inner.close() },
      { purge: (tags, reason) => void purges.push({ tags, reason }) },
    );
    await lagging.commit({ config: configAt('1.0.2'), by: 'amina', reason: null }, 2);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(purges).toContainEqual({ tags: ['release:mf_cart@1.0.1'], reason: 'switch mf_cart 1.0.1 → 1.0.2' });
    expect(store.live.revision).toBe(3);
  });
});
