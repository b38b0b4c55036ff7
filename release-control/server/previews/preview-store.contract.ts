import { afterEach, describe, expect, it } from 'vitest';
import type { PreviewRecord, PreviewStore } from './preview-store';

let ids = 0;
export const previewRecord = (overrides: Partial<PreviewRecord> = {}): PreviewRecord => {
  const id = (++ids).toString(16).padStart(16, '0');
  return {
    id,
    tokenHash: `digest-${id}`,
    releases: [{ remote: 'mf_cart', entry: 'http://localhost:3002/1.0.1/mf-manifest.json', version: '1.0.1' }],
    createdBy: 'equipe-panier',
    createdAt: new Date(Date.now() + ids).toISOString(),
    expiresAt: new Date(Date.now() + 60_000).toISOString(),
    ...overrides,
  };
};

/** What every preview store must do; `open` gives a fresh, empty store. */
export function previewStoreContract(name: string, open: () => Promise<PreviewStore>): void {
  describe(`${name} (preview store contract)`, () => {
    const closing: Array<() => void> = [];
    afterEach(() => closing.splice(0).forEach((close) => close()));

    it('finds a saved preview by its id and by its token’s digest, and lists it', async () => {
      const store = await open();
      const record = previewRecord();
      await store.save(record);
      expect(await store.find(record.id)).toEqual(record);
      expect(await store.findByToken(record.tokenHash)).toEqual(record);
      expect(await store.findByToken('another-digest')).toBeUndefined();
      expect(await store.list()).toEqual([record]);
    });

    it('lists previews newest first', async () => {
      const store = await open();
      const older = previewRecord({ createdAt: '2026-11-26T10:00:00.000Z' });
      const newer = previewRecord({ createdAt: '2026-11-26T11:00:00.000Z' });
      await Promise.all([store.save(older), store.save(newer)]);
      expect((await store.list()).map((r) => r.id)).toEqual([newer.id, older.id]);
    });

    it('ends a preview: neither its id nor its token finds it any more, and ending it again says so', async () => {
      const store = await open();
      const record = previewRecord();
      await store.save(record);
      expect(await store.remove(record.id)).toBe(true);
      expect(await store.find(record.id)).toBeUndefined();
      expect(await store.findByToken(record.tokenHash)).toBeUndefined();
      expect(await store.list()).toEqual([]);
      expect(await store.remove(record.id)).toBe(false);
    });

    it('forgets a preview once it expires, for every read', async () => {
      const store = await open();
      const record = previewRecord({ expiresAt: new Date(Date.now() + 300).toISOString() });
      const kept = previewRecord();
      await store.save(record);
      await store.save(kept);
      expect(await store.findByToken(record.tokenHash)).toEqual(record);
      await expect.poll(() => store.findByToken(record.tokenHash), { timeout: 3000, interval: 100 }).toBeUndefined();
      expect(await store.find(record.id)).toBeUndefined();
      expect((await store.list()).map((r) => r.id)).toEqual([kept.id]);
    });
  });
}
