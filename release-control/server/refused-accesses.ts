import type { RefusedAccessSeen } from '@shop/contracts/operations';
/** A refusal as a renderer reports it: the release (when it could be told), the access and how many times. */
export type RefusedAccessEvent = Omit<RefusedAccessSeen, 'lastAt'>;

/** The most distinct refusals kept: a release that tries a thousand paths keeps the newest ones. */
const MAX_ENTRIES = 100;

/**
 * The accesses this shell's renderers refused to releases' code, for the operators' console (decision 027): counted
 * per release and access, newest first, bounded. Each shell keeps its own since it started; every refusal is in the log.
 */
export class RefusedAccesses {
  readonly #entries = new Map<string, RefusedAccessSeen>();

  record(event: RefusedAccessEvent): void {
    const key = `${event.remote} ${event.version} ${event.access}`;
    const seen = this.#entries.get(key);
    this.#entries.delete(key);
    this.#entries.set(key, {
      remote: event.remote,
      version: event.version,
      access: event.access,
      count: (seen?.count ?? 0) + event.count,
      lastAt: new Date().toISOString(),
    });
    // A Map keeps insertion order: the first entry is the one refused longest ago.
    if (this.#entries.size > MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
  }

  list(): RefusedAccessSeen[] {
    return [...this.#entries.values()].reverse();
  }
}
