/**
 * Listing answers kept a moment (decision 041), one computation at a time per query: the shoppers asking the same page
 * while it is fresh take that answer.
 * - A search ranks every product that matches its words (tens of milliseconds for thousands of matches at 100,000
 *   products) and counts them: kept SEARCH_TTL_MS, since shoppers type the same words (and the search panel asks for
 *   each prefix as it is typed). Its availability may lag by that much; the cart and the order check stock themselves.
 * - A listing without a search is one index range and a few counted rows, yet a popular listing is asked hundreds of
 *   times a second: kept LISTING_TTL_MS, and dropped as soon as this process changes stock (an order, a count).
 * Both are keyed by the catalogue's generation (catalogue-generation.ts, decision 043): a merchandiser's save or an
 * import, on any instance, ends them at the next read.
 */
export const SEARCH_TTL_MS = 10_000;
export const LISTING_TTL_MS = 2000;
/** Distinct queries kept: the oldest is dropped beyond this. */
const MAX_ENTRIES = 2000;

export class AnswerCache<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  get(key: string, compute: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key);
    if (entry && this.now() - entry.at < this.ttlMs) return entry.value;
    const value = compute();
    this.entries.delete(key);
    this.entries.set(key, { at: this.now(), value });
    // An answer that failed is not kept: the next request computes it again.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
