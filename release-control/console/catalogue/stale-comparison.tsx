import { useEffect, useRef } from 'react';
import { ConsoleTable } from '../shared/console-table';
import sharedStyles from '../shared/console.module.css';
import styles from './catalogue.module.css';
import type { MerchandisedProduct } from '@shop/contracts/merchandising';
import type { ProductFormValues } from './product-form-values';
import { compareWithCurrent, reapply } from './stale-save';

interface StaleComparisonProps {
  message: string;
  /** What the merchandiser typed, and the values it was typed from. */
  typed: ProductFormValues;
  base: ProductFormValues;
  /** The product as it now is. */
  current: MerchandisedProduct;
  /** The merchandiser's changes made again on the current version (stale-save.ts), to check and save. */
  onReapply(merged: ProductFormValues): void;
  onTakeCurrent(): void;
}

/**
 * After a save refused because another changed the product first (409 stale_version): what was typed beside the
 * product as it now is, the fields that differ marked in words, and the two ways on — the merchandiser's changes made
 * again on the current version, or the current version as it is.
 */
export function StaleComparison({ message, typed, base, current, onReapply, onTakeCurrent }: StaleComparisonProps) {
  const rows = compareWithCurrent(typed, current);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={styles.panel} aria-labelledby="stale-title">
      <h4 id="stale-title" ref={heading} tabIndex={-1}>
        Modifié entre-temps
      </h4>
      <p role="alert">{message}</p>
      <ConsoleTable caption={`Votre saisie et la version actuelle (version ${current.version})`} columns={['Champ', 'Votre saisie', 'Version actuelle']} scrolls>
        {rows.map((row) => (
          <tr key={row.key} className={row.differs ? styles.differs : undefined} data-differs={row.differs || undefined}>
            <th scope="row">
              {row.label}
              {row.differs && ' (différent)'}
            </th>
            <td>
              <bdi>{row.typed || '—'}</bdi>
            </td>
            <td>
              <bdi>{row.current || '—'}</bdi>
            </td>
          </tr>
        ))}
      </ConsoleTable>
      <div className={sharedStyles.actions}>
        <button type="button" className={sharedStyles.button} onClick={() => onReapply(reapply(base, typed, current))}>
          Reporter mes modifications sur la version actuelle
        </button>
        <button type="button" className={sharedStyles.secondary} onClick={onTakeCurrent}>
          Reprendre la version actuelle
        </button>
      </div>
    </section>
  );
}
