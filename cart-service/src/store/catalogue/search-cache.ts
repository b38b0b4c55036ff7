/**
 * What a search found, kept a few seconds (decision 041). A search ranks every product that matches its words (tens of
 * milliseconds for thousands of matches at 100,000 products) and counts them for its facets, where a listing without a
 * search reads one index range and a few counted rows. Shoppers type the same words (and the search panel asks for
 * each prefix as it is typed): one of them searches, the others take that answer while it is fresh (one search at a
 * time per query), and after TTL_MS the next one searches again. So a search's page and counts may lag an order or a
 * stock change by TTL_MS (the cart and the order check stock themselves); an import clears them at once in this
 * process, the other instances within TTL_MS.
 */
export const TTL_MS = 10_000;
/** Distinct queries kept: the oldest is dropped beyond this. */
const MAX_ENTRIES = 2000;

export class SearchCache<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>();

  constructor(private readonly now: () => number) {}

  get(key: string, find: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key);
    if (entry && this.now() - entry.at < TTL_MS) return entry.value;
    const value = find();
    this.entries.delete(key);
    this.entries.set(key, { at: this.now(), value });
    // A search that failed is not kept: the next request searches again.
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
