import type { SqlQueryable } from '../db/sql-client';

/** One fixed window of a rate limit. */
export interface WindowCount {
  /** Attempts counted in the window so far, this one included. */
  count: number;
  /** Milliseconds until the window ends and the count starts again from zero. */
  resetInMs: number;
}

/**
 * Rate limits (order tracking, operators' routes): counts attempts per key in a fixed window. Counting is one atomic
 * step that returns the new count, so "check, then count" can never let concurrent attempts through: of 1,000
 * simultaneous attempts with a limit of 5, exactly 5 see a count of 5 or less. Shared by every instance on the database.
 */
export interface AttemptCounter {
  /** Counts one attempt under `key`; the first one starts a window of `windowMs`. */
  countAttempt(key: string, windowMs: number): Promise<WindowCount>;
  /** Takes one attempt back (a tracking lookup that matched is not a guess); never below zero. */
  refundAttempt(key: string): Promise<void>;
}

/** Fixed windows in the `attempt_windows` table: one statement per attempt, shared by every instance. */
export class SqlAttemptCounter implements AttemptCounter {
  constructor(
    private readonly db: SqlQueryable,
    private readonly now: () => number = Date.now,
  ) {}

  async countAttempt(key: string, windowMs: number): Promise<WindowCount> {
    const now = this.now();
    const { rows } = await this.db.query<{ count: number; ends_at: Date }>(
      `INSERT INTO attempt_windows (key, count, ends_at) VALUES ($1, 1, $3)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN attempt_windows.ends_at <= $2 THEN 1 ELSE attempt_windows.count + 1 END,
         ends_at = CASE WHEN attempt_windows.ends_at <= $2 THEN EXCLUDED.ends_at ELSE attempt_windows.ends_at END
       RETURNING count, ends_at`,
      [key, new Date(now), new Date(now + windowMs)],
    );
    const row = rows[0]!;
    return { count: row.count, resetInMs: row.ends_at.getTime() - now };
  }

  async refundAttempt(key: string): Promise<void> {
    await this.db.query('UPDATE attempt_windows SET count = count - 1 WHERE key = $1 AND count > 0 AND ends_at > $2', [key, new Date(this.now())]);
  }

  /** Deletes windows that have ended, `batch` at a time. */
  async purgeEnded(batch = 1000): Promise<number> {
    const { rows } = await this.db.query(
      'DELETE FROM attempt_windows WHERE key IN (SELECT key FROM attempt_windows WHERE ends_at <= $1 LIMIT $2) RETURNING 1',
      [new Date(this.now()), batch],
    );
    return rows.length;
  }
}
