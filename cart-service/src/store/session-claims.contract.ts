import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { storesClosedAfterEach, type BackingFactory } from '../test-support/databases';

const claimA = 'AAAAAAAAAAAAAAAAAAAAAA';
const claimB = 'BBBBBBBBBBBBBBBBBBBBBB';
/** A session id as cart-service draws them (24 random bytes). */
const newSessionId = () => randomBytes(24).toString('base64url');

/** One session per claim, on every backing (sql-store.test.ts). */
export function sessionClaimsContract(name: string, createBacking: BackingFactory): void {
  describe(`SessionClaims contract: ${name}`, () => {
    const stores = storesClosedAfterEach(createBacking);

    it('opens the candidate for a new claim, and answers that session for the same claim afterwards', async () => {
      const { store } = await stores.open({ now: () => 1_700_000_000_000 });
      const first = newSessionId();
      expect(await store.claimSession(claimA, first)).toEqual({ sessionId: first, openedAt: 1_700_000_000_000 });
      expect(await store.claimSession(claimA, newSessionId())).toEqual({ sessionId: first, openedAt: 1_700_000_000_000 });
      const other = newSessionId();
      expect((await store.claimSession(claimB, other)).sessionId).toBe(other);
    });

    it('answers one session to 200 concurrent calls with one claim, each with a candidate of its own', async () => {
      const { store } = await stores.open();
      const candidates = Array.from({ length: 200 }, () => newSessionId());
      const answers = await Promise.all(candidates.map((candidate) => store.claimSession(claimA, candidate)));
      const opened = new Set(answers.map((answer) => answer.sessionId));
      expect(opened.size).toBe(1);
      expect(candidates).toContain([...opened][0]);
    });

    it('keeps a claim past a restart, and forgets it a day later (the purge)', async () => {
      let now = 1_700_000_000_000;
      const { store, backing } = await stores.open({ now: () => now });
      const first = newSessionId();
      await store.claimSession(claimA, first);
      await store.close();
      const reopened = await stores.reopen(backing, { now: () => now });
      expect((await reopened.claimSession(claimA, newSessionId())).sessionId).toBe(first);
      now += 24 * 60 * 60 * 1000 + 1;
      await reopened.purgeExpired();
      const later = newSessionId();
      expect((await reopened.claimSession(claimA, later)).sessionId).toBe(later);
    });
  });
}
