import { useEffect, useRef } from 'react';
import useSWRInfinite from 'swr/infinite';
import type { CatalogueAuditEntry, CatalogueAuditPage } from '@shop/contracts/merchandising';
import { ApiRefusal, formatDateTime } from '../shared/api';
import { ConsoleTable } from '../shared/console-table';
import sharedStyles from '../shared/console.module.css';
import { NoticeArea } from '../shared/notice';
import styles from './catalogue.module.css';
import { ACTION_LABELS, fieldLabel, valueText } from './audit-text';
import { auditPath } from './catalogue-keys';

function Changes({ entry }: { entry: CatalogueAuditEntry }) {
  if (entry.changes.length === 0 && !entry.reason) return <>—</>;
  return (
    <ul className={styles.changes}>
      {entry.changes.map((change) => (
        <li key={change.field}>
          {fieldLabel(change.field)} : <bdi>{valueText(change.field, change.before)}</bdi> → <bdi>{valueText(change.field, change.after)}</bdi>
        </li>
      ))}
      {entry.reason && (
        <li>
          Raison : <bdi>{entry.reason}</bdi>
        </li>
      )}
    </ul>
  );
}

/**
 * Who changed what and when, newest first: one product's log, or the whole catalogue's (the « Journal »), each change's
 * fields before → after. Older entries are read page by page.
 */
export function AuditLog({ productId, caption, changes }: { productId?: string; caption: string; changes: string | number }) {
  const base = auditPath(productId);
  const pages = useSWRInfinite<CatalogueAuditPage>(
    (index, previous: CatalogueAuditPage | null) => (index === 0 ? base : previous?.nextCursor ? `${base}?cursor=${encodeURIComponent(previous.nextCursor)}` : null),
    { revalidateFirstPage: true },
  );
  // `changes` moves with every change made here: the log is read again at once (a remount would be deduplicated).
  const { mutate } = pages;
  const read = useRef(changes);
  useEffect(() => {
    if (read.current === changes) return;
    read.current = changes;
    void mutate();
  }, [changes, mutate]);
  const entries = pages.data?.flatMap((page) => page.entries) ?? null;
  const next = pages.data?.at(-1)?.nextCursor ?? null;
  const columns = productId ? ['Quand', 'Qui', 'Action', 'Changements'] : ['Quand', 'Qui', 'Produit', 'Action', 'Changements'];
  return (
    <>
      <NoticeArea notice={pages.error instanceof ApiRefusal ? { kind: 'refused', text: pages.error.message } : null} />
      {entries && entries.length === 0 && <p>Aucune modification enregistrée.</p>}
      {entries && entries.length > 0 && (
        <ConsoleTable caption={caption} columns={columns} scrolls>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>{formatDateTime(entry.at)}</td>
              <td>{entry.by}</td>
              {!productId && <td>{entry.productName}</td>}
              <td>{ACTION_LABELS[entry.action] ?? entry.action}</td>
              <td>
                <Changes entry={entry} />
              </td>
            </tr>
          ))}
        </ConsoleTable>
      )}
      {next && (
        <button type="button" className={sharedStyles.secondary} disabled={pages.isValidating} onClick={() => void pages.setSize(pages.size + 1)}>
          Modifications plus anciennes
        </button>
      )}
    </>
  );
}
