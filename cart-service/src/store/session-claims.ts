import { createHash } from 'node:crypto';
import type { SqlQueryable } from '../db/sql-client';

/** The session a claim opened, and when (epoch milliseconds). */
export interface ClaimedSession {
  sessionId: string;
  openedAt: number;
}

/**
 * One session per claim (decision 039): the first write carrying a claim and no session opens one, every later one
 * with that claim gets the same back, whichever instance answers, however many arrive at once.
 */
export interface SessionClaims {
  /**
   * The session `claim` opened; if it opened none yet, it opens `candidateId` now. One atomic step: of concurrent
   * calls with one claim, exactly one opens, all answer the same session.
   */
  claimSession(claim: string, candidateId: string): Promise<ClaimedSession>;
}

/** How long a claim's row is kept: far past its window, so a claim never opens a second session. */
export const CLAIM_KEPT_MS = 24 * 60 * 60 * 1000;

/** The claim itself is a credential while it is young: only its digest is stored. */
const digestOf = (claim: string) => createHash('sha256').update(claim).digest('base64url');

/** Claims in the `session_claims` table: one statement per claim, shared by every instance on the database. */
export class SqlSessionClaims implements SessionClaims {
  constructor(
    private readonly db: SqlQueryable,
    private readonly now: () => number = Date.now,
  ) {}

  async claimSession(claim: string, candidateId: string): Promise<ClaimedSession> {
    // DO UPDATE (a no-op) rather than DO NOTHING: it returns the row that won, committed by a concurrent call or not.
    const { rows } = await this.db.query<{ session_id: string; opened_at: Date }>(
      `INSERT INTO session_claims (claim_digest, session_id, opened_at) VALUES ($1, $2, $3)
       ON CONFLICT (claim_digest) DO UPDATE SET claim_digest = EXCLUDED.claim_digest
       RETURNING session_id, opened_at`,
      [digestOf(claim), candidateId, new Date(this.now())],
    );
    const row = rows[0]!;
    return { sessionId: row.session_id, openedAt: row.opened_at.getTime() };
  }

  /** Deletes claims older than CLAIM_KEPT_MS, `batch` at a time. */
  async purgeOld(batch = 1000): Promise<number> {
    const { rows } = await this.db.query(
      'DELETE FROM session_claims WHERE claim_digest IN (SELECT claim_digest FROM session_claims WHERE opened_at <= $1 LIMIT $2) RETURNING 1',
      [new Date(this.now() - CLAIM_KEPT_MS), batch],
    );
    return rows.length;
  }
}
