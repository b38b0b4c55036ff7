/**
 * A search's counts (its total and facets) for a few seconds: counting reads every product that matches, where a page
 * reads 25. Shoppers typing the same words ask the same counts; one of them counts, the others wait for that answer
 * (one count at a time per query), and after TTL_MS the next asks again. So a search's counts may lag an order or a
 * stock change by TTL_MS; an import clears them at once in this process (the others follow within TTL_MS). Listings
 * without a search need none of this: their counts are kept exact (facet-cells.ts).
 */
export const TTL_MS = 5000;
/** Distinct queries kept (a search is one each): the oldest is dropped beyond this. */
const MAX_ENTRIES = 2000;

export class FacetCache<T> {
  private readonly entries = new Map<string, { at: number; value: Promise<T> }>();

  constructor(private readonly now: () => number) {}

  get(key: string, count: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key);
    if (entry && this.now() - entry.at < TTL_MS) return entry.value;
    const value = count();
    this.entries.delete(key);
    this.entries.set(key, { at: this.now(), value });
    // A count that failed is not kept: the next request counts again.
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
