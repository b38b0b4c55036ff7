import { afterEach, describe, expect, it } from 'vitest';
import type { RemotesConfig } from '@shop/contracts/remotes';
import { FILE_AUTHOR, REVISIONS_KEPT, type RevisionStore } from '../shared/revision-store';

export const entry = (name: string, version: string) =>
  `http://localhost:${{ mf_frame: 3001, mf_cart: 3002, mf_catalog_pages: 3003 }[name]}/${version}/mf-manifest.json`;

export const configAt = (cart: string, frame = '1.0.0'): RemotesConfig => ({
  remotes: [
    { name: 'mf_frame', entry: entry('mf_frame', frame) },
    { name: 'mf_cart', entry: entry('mf_cart', cart) },
    { name: 'mf_catalog_pages', entry: entry('mf_catalog_pages', '1.0.0') },
  ],
});

/** What every revision store must do; `open` gives a fresh store whose first revision is `initial`. */
export function revisionStoreContract(name: string, open: (initial: RemotesConfig) => Promise<RevisionStore>): void {
  describe(`${name} (revision store contract)`, () => {
    const opened: RevisionStore[] = [];
    const fresh = async (initial = configAt('1.0.0')) => {
      const store = await open(initial);
      opened.push(store);
      return store;
    };
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((store) => store.close()));
    });

    it('starts from the given configuration as revision 1, recorded as the file’s', async () => {
      const store = await fresh();
      expect(store.live).toMatchObject({ revision: 1, by: FILE_AUTHOR, config: configAt('1.0.0') });
      expect(await store.history()).toEqual([store.live]);
    });

    it('commits a change as the next revision with who, why and what moved, and tells listeners', async () => {
      const store = await fresh();
      const seen: number[] = [];
      store.onChange((revision) => seen.push(revision.revision));
      const result = await store.commit({ config: configAt('1.0.1'), by: 'amina', reason: 'correctif du panier' }, 1);
      expect(result.kind).toBe('committed');
      expect(store.live).toMatchObject({
        revision: 2,
        by: 'amina',
        reason: 'correctif du panier',
        changes: [{ name: 'mf_cart', from: entry('mf_cart', '1.0.0'), to: entry('mf_cart', '1.0.1') }],
        config: configAt('1.0.1'),
      });
      expect(Date.parse(store.live.at)).toBeGreaterThan(Date.now() - 60_000);
      expect(seen).toEqual([2]);
      expect((await store.history()).map((r) => r.revision)).toEqual([2, 1]);
    });

    it('refuses a change made from a revision that is no longer live, and answers the live one', async () => {
      const store = await fresh();
      await store.commit({ config: configAt('1.0.1'), by: 'amina', reason: null }, 1);
      const stale = await store.commit({ config: configAt('1.0.2'), by: 'youssef', reason: null }, 1);
      expect(stale).toEqual({ kind: 'conflict', current: store.live });
      expect(store.live).toMatchObject({ revision: 2, by: 'amina', config: configAt('1.0.1') });
      expect(await store.history()).toHaveLength(2);
    });

    it('lets exactly one of concurrent commits from the same revision through', async () => {
      const store = await fresh();
      const results = await Promise.all(
        ['1.0.1', '1.0.2', '1.0.3', '1.0.4'].map((version, i) => store.commit({ config: configAt(version), by: `op${i}`, reason: null }, 1)),
      );
      expect(results.filter((r) => r.kind === 'committed')).toHaveLength(1);
      expect(store.live.revision).toBe(2);
    });

    it(`keeps the last ${REVISIONS_KEPT} revisions`, async () => {
      const store = await fresh();
      for (let i = 1; i <= REVISIONS_KEPT + 5; i++) {
        const result = await store.commit({ config: configAt(`1.0.${i}`), by: 'amina', reason: null }, i);
        expect(result.kind).toBe('committed');
      }
      const history = await store.history();
      expect(history).toHaveLength(REVISIONS_KEPT);
      expect(history[0]!.revision).toBe(REVISIONS_KEPT + 6);
      expect(history.at(-1)!.revision).toBe(7);
    });
  });
}
