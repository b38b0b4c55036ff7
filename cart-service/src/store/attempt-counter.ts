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
 * simultaneous attempts with a limit of 5, exactly 5 see a count of 5 or less. Shared by every instance on Redis.
 */
export interface AttemptCounter {
  /** Counts one attempt under `key`; the first one starts a window of `windowMs`. */
  countAttempt(key: string, windowMs: number): Promise<WindowCount>;
  /** Takes one attempt back (a tracking lookup that matched is not a guess); never below zero. */
  refundAttempt(key: string): Promise<void>;
}

/**
 * The embedded store's counter: in memory, not persisted (a restart forgives, acceptable for a slow-down), and bounded:
 * expired windows are swept as new ones start, and past `maxKeys` live windows the oldest are dropped.
 */
export class MemoryAttemptCounter implements AttemptCounter {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  private sweptAt = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 100_000,
  ) {}

  async countAttempt(key: string, windowMs: number): Promise<WindowCount> {
    const now = this.now();
    this.sweep(now);
    const current = this.windows.get(key);
    const entry = current && current.endsAt > now ? current : { count: 0, endsAt: now + windowMs };
    entry.count += 1;
    if (entry !== current) {
      this.windows.delete(key);
      this.windows.set(key, entry);
      if (this.windows.size > this.maxKeys) this.windows.delete(this.windows.keys().next().value as string);
    }
    return { count: entry.count, resetInMs: entry.endsAt - now };
  }

  async refundAttempt(key: string): Promise<void> {
    const entry = this.windows.get(key);
    if (entry && entry.count > 0) entry.count -= 1;
  }

  private sweep(now: number): void {
    if (now - this.sweptAt < 10_000) return;
    this.sweptAt = now;
    for (const [key, entry] of this.windows) if (entry.endsAt <= now) this.windows.delete(key);
  }
}
