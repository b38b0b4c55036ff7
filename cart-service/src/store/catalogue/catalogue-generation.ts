import type { SqlQueryable } from '../../db/sql-client';

/**
 * The catalogue's generation (migration 007): counts every change of what shoppers see of the catalogue, whichever
 * instance made it. Answers kept a moment (answer-cache.ts) are keyed by it, so a merchandiser's save shows on the next
 * page load on every instance, not after a TTL. One single-row read per listing request.
 */
export async function catalogueGeneration(db: SqlQueryable): Promise<string> {
  const { rows } = await db.query<{ generation: string }>('SELECT generation::text AS generation FROM catalogue_state');
  return rows[0]?.generation ?? '0';
}

/** In the transaction of a change: the answers every instance keeps from before it are no longer used once it commits. */
export async function nextCatalogueGeneration(tx: SqlQueryable): Promise<void> {
  await tx.query('UPDATE catalogue_state SET generation = generation + 1');
}
