import type { ReactNode } from 'react';
import styles from './console.module.css';

interface TableProps {
  caption: string;
  /** One column header per title, in order. */
  columns: readonly string[];
  /** A wide table (orders, previews, history) scrolls sideways on a narrow screen rather than squeeze its columns. */
  scrolls?: boolean;
  /** The body's rows. */
  children: ReactNode;
}

/** One of the console's tables: its caption, its columns named once in a list, its rows. */
export function ConsoleTable({ caption, columns, scrolls = false, children }: TableProps) {
  const table = (
    <table className={styles.table}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((title) => (
            <th key={title} scope="col">
              {title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
  return scrolls ? <div className={styles.scroll}>{table}</div> : table;
}

interface RowActionProps {
  /** What the button does to its row, for screen readers (`Retirer l’opérateur amina`): its text alone is ambiguous. */
  label: string;
  busy: boolean;
  onClick: () => void;
  children: ReactNode;
}

/** A row's own action (remove, end, restore): a secondary button, held while the console is busy. */
export function RowAction({ label, busy, onClick, children }: RowActionProps) {
  return (
    <button type="button" className={styles.secondary} disabled={busy} aria-label={label} onClick={onClick}>
      {children}
    </button>
  );
}
