/** Why a login was refused without its password being checked. */
export type LoginRefusalReason = 'too-many-attempts' | 'checks-busy';

export interface LoginRefusalLogOptions {
  /** One line at most per interval. */
  intervalMs: number;
  /** How many of the most tried accounts the line names. */
  topAccounts: number;
  /** Distinct addresses and accounts kept per interval: a flood from ever new ones must not grow memory without bound. */
  maxDistinct: number;
}

export const LOGIN_REFUSAL_LOG: LoginRefusalLogOptions = { intervalMs: 10_000, topAccounts: 5, maxDistinct: 10_000 };

/** What one interval's line says. */
export interface LoginRefusalSummary {
  refused: number;
  reasons: Partial<Record<LoginRefusalReason, number>>;
  /** Distinct addresses refused (at least this many when `distinctCapped`). */
  addresses: number;
  accounts: number;
  distinctCapped: boolean;
  /** The accounts refused most often, with their counts. */
  topAccounts: Array<{ account: string; refused: number }>;
  seconds: number;
}

/**
 * Refused logins written as one line per interval with their counts, never one per request: a flood of wrong logins
 * (hundreds a second from ever new addresses) would otherwise write as many lines, costing the machine and drowning
 * the log. The interval starts at its first refusal, so nothing runs while nobody is refused.
 */
export class LoginRefusalLog {
  #reasons = new Map<LoginRefusalReason, number>();
  #addresses = new Set<string>();
  #accounts = new Map<string, number>();
  #refused = 0;
  #capped = false;
  #startedAt = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly log: { warn(object: object, message: string): void },
    private readonly options: LoginRefusalLogOptions = LOGIN_REFUSAL_LOG,
  ) {}

  refused(reason: LoginRefusalReason, account: string, address: string): void {
    if (this.#refused === 0) {
      this.#startedAt = Date.now();
      this.#timer = setTimeout(() => this.flush(), this.options.intervalMs);
      this.#timer.unref?.();
    }
    this.#refused += 1;
    this.#reasons.set(reason, (this.#reasons.get(reason) ?? 0) + 1);
    if (this.#addresses.size < this.options.maxDistinct || this.#addresses.has(address)) this.#addresses.add(address);
    else this.#capped = true;
    const tried = this.#accounts.get(account);
    if (tried !== undefined) this.#accounts.set(account, tried + 1);
    else if (this.#accounts.size < this.options.maxDistinct) this.#accounts.set(account, 1);
    else this.#capped = true;
  }

  /** Writes the interval's line now (when anything was refused) and starts a new interval. */
  flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#refused === 0) return;
    this.log.warn(this.#summary(), 'operations logins refused');
    this.#reasons.clear();
    this.#addresses.clear();
    this.#accounts.clear();
    this.#refused = 0;
    this.#capped = false;
  }

  #summary(): LoginRefusalSummary {
    const topAccounts = [...this.#accounts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, this.options.topAccounts)
      .map(([account, refused]) => ({ account, refused }));
    return {
      refused: this.#refused,
      reasons: Object.fromEntries(this.#reasons),
      addresses: this.#addresses.size,
      accounts: this.#accounts.size,
      distinctCapped: this.#capped,
      topAccounts,
      seconds: Math.round((Date.now() - this.#startedAt) / 1000),
    };
  }
}
