import type { SqlClient, SqlQueryable } from '../../db/sql-client';

/**
 * What one committed transaction changed of the pages shoppers see (decision 045): the shared caches in front of the
 * shells drop those pages (app.ts purges their tags). Told once the transaction has committed, never for one rolled back
 * (an order refused for a line out of stock, a stale save), by the instance that made the change.
 */
export interface CatalogueChange {
  /** Products whose page, and cards on other pages, show something else. */
  products: string[];
  /**
   * Whether products may have moved between listing pages: one created, archived, restored, imported or removed; a
   * category, price, name, description or promotion changed (filters, sorts by price and name, search); stock that
   * empties or comes back (the « en stock » filter, and every listing's counts).
   */
  listings: boolean;
  /** What happened, for the logs (`product updated`, `stock crossed zero`). */
  causes: string[];
}

interface Pending {
  products: Set<string>;
  listings: boolean;
  causes: Set<string>;
}

/**
 * The changes noted in each running transaction, by its handle: the writes that make them (the audit log's records, a
 * stock level crossing zero, the promotion clock) note them where they already are, in the transaction, without every
 * store method answering them. A handle that no `withCatalogueChanges` client opened notes nothing.
 */
const pending = new WeakMap<SqlQueryable, Pending>();

/** Notes, in `tx`, a change of these products' pages (and of the listings, if `listings`). */
export function noteCatalogueChange(tx: SqlQueryable, productIds: Iterable<string>, { listings, cause }: { listings: boolean; cause: string }): void {
  const note = pending.get(tx);
  const ids = [...productIds];
  if (!note || (ids.length === 0 && !listings)) return;
  for (const id of ids) note.products.add(id);
  note.listings ||= listings;
  note.causes.add(cause);
}

/** Fields whose change shows on the product's page and cards only: its address, its drawings and photos. */
const PAGE_ONLY_FIELDS = new Set(['slug', 'images', 'photos']);

/**
 * The audit log's records of a transaction (every merchandiser's change, every import): each product's page changes;
 * the listings too unless only its address or pictures did. A stock adjustment is left to `stockCrossed`, which notes it
 * only when it empties the product or brings it back.
 */
export function noteAudited(tx: SqlQueryable, records: ReadonlyArray<{ productId: string; action: string; changes: ReadonlyArray<{ field: string }> }>): void {
  for (const record of records) {
    if (record.action === 'stock_adjusted') continue;
    if (record.action === 'updated' && record.changes.length === 0) continue;
    const listings = record.action !== 'updated' || record.changes.some((change) => !PAGE_ONLY_FIELDS.has(change.field));
    noteCatalogueChange(tx, [record.productId], { listings, cause: `product ${record.action}` });
  }
}

/**
 * `db`, telling `listener` after each commit what its transaction noted. A transaction run again (a serialization
 * failure) starts its notes over; a listener that throws never fails the write that has already committed.
 */
export function withCatalogueChanges(db: SqlClient, listener: (change: CatalogueChange) => void): SqlClient {
  const client: SqlClient = {
    kind: db.kind,
    query: (sql, params) => db.query(sql, params),
    exec: (sql) => db.exec(sql),
    close: () => db.close(),
    async transaction(work) {
      let note: Pending | undefined;
      const result = await db.transaction((tx) => {
        note = { products: new Set(), listings: false, causes: new Set() };
        pending.set(tx, note);
        return work(tx);
      });
      if (note && (note.products.size > 0 || note.listings)) {
        try {
          listener({ products: [...note.products], listings: note.listings, causes: [...note.causes] });
        } catch {
          // The change is committed: what a listener does with it (a purge) is best effort.
        }
      }
      return result;
    },
  };
  return client;
}
