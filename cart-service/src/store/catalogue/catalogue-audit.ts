import { AUDIT_PAGE_SIZE, type CatalogueAuditAction, type CatalogueAuditEntry, type CatalogueAuditPage } from '@shop/contracts/merchandising';
import type { SqlQueryable } from '../../db/sql-client';
import { noteAudited } from './catalogue-changes';

/** One change to record, in the transaction that makes it. */
export interface AuditRecord {
  productId: string;
  productName: string;
  action: CatalogueAuditAction;
  by: string;
  at: Date;
  changes: CatalogueAuditEntry['changes'];
  reason?: string;
}

/** Writes the records in one statement (an import records thousands). */
export async function recordAudit(tx: SqlQueryable, records: readonly AuditRecord[]): Promise<void> {
  if (records.length === 0) return;
  // Every change a merchandiser or an import makes is recorded here: the pages it changes are noted with it.
  noteAudited(tx, records);
  await tx.query(
    `INSERT INTO catalogue_audit (product_id, product_name, action, by_operator, at, changes, reason)
     SELECT product_id, product_name, action, by_operator, at, changes::jsonb, reason
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::text[], $7::text[])
       AS entry (product_id, product_name, action, by_operator, at, changes, reason)`,
    [
      records.map((r) => r.productId),
      records.map((r) => r.productName),
      records.map((r) => r.action),
      records.map((r) => r.by),
      records.map((r) => r.at.toISOString()),
      records.map((r) => JSON.stringify(r.changes)),
      records.map((r) => r.reason ?? null),
    ],
  );
}

interface AuditRow {
  id: string;
  product_id: string;
  product_name: string;
  action: CatalogueAuditAction;
  by_operator: string;
  at: Date | string;
  changes: CatalogueAuditEntry['changes'] | string;
  reason: string | null;
}

/** A page of the log, newest first: one product's, or the whole catalogue's. The cursor is the last entry's id. */
export async function auditPage(db: SqlQueryable, productId: string | null, cursor: string | undefined): Promise<CatalogueAuditPage> {
  const before = cursor && /^[1-9][0-9]{0,17}$/.test(cursor) ? cursor : null;
  // Two statements, so each is one index range: the product's entries (catalogue_audit_product), or all of them (the key).
  const { rows } = await db.query<AuditRow>(
    `SELECT a.id::text AS id, a.product_id, a.product_name, a.action, a.by_operator, a.at, a.changes, a.reason FROM catalogue_audit a
     WHERE ${productId === null ? 'TRUE' : 'a.product_id = $3'} AND ($1::bigint IS NULL OR a.id < $1::bigint)
     ORDER BY a.id DESC LIMIT $2`,
    productId === null ? [before, AUDIT_PAGE_SIZE + 1] : [before, AUDIT_PAGE_SIZE + 1, productId],
  );
  const entries = rows.slice(0, AUDIT_PAGE_SIZE).map(
    (row): CatalogueAuditEntry => ({
      id: Number(row.id),
      productId: row.product_id,
      productName: row.product_name,
      action: row.action,
      by: row.by_operator,
      at: new Date(row.at).toISOString(),
      changes: typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes,
      ...(row.reason !== null ? { reason: row.reason } : {}),
    }),
  );
  return { entries, nextCursor: rows.length > AUDIT_PAGE_SIZE ? String(entries.at(-1)!.id) : null };
}
