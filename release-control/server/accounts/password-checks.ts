/** A password check refused because too many are already waiting: answer 503 with Retry-After. */
export class ChecksBusyError extends Error {
  constructor() {
    super('too many password checks waiting');
    this.name = 'ChecksBusyError';
  }
}

/**
 * Password checks take a bounded share of the machine: scrypt runs on libuv's thread pool, which the server's file
 * reads and compression share, and each check costs ~100 ms of a core. At most `concurrency` run at once and `waiting`
 * wait; any more are refused at once. A trusted browser's check (trusted-devices.ts) goes before the others' waiting ones.
 */
export class PasswordChecks {
  #running = 0;
  #queue: Array<() => void> = [];

  constructor(private readonly limits: { concurrency: number; waiting: number } = PASSWORD_CHECKS) {}

  async run<T>(check: () => Promise<T>, options: { first?: boolean } = {}): Promise<T> {
    if (this.#running >= this.limits.concurrency) {
      if (this.#queue.length >= this.limits.waiting) throw new ChecksBusyError();
      await new Promise<void>((resolve) => (options.first ? this.#queue.unshift(resolve) : this.#queue.push(resolve)));
    } else {
      this.#running += 1;
    }
    try {
      return await check();
    } finally {
      // The slot passes to the next waiting check as it is; only when none waits is it freed.
      const next = this.#queue.shift();
      if (next) next();
      else this.#running -= 1;
    }
  }
}

/** One check at a time, eight waiting (under a second at ~100 ms each). */
export const PASSWORD_CHECKS = { concurrency: 1, waiting: 8 } as const;
