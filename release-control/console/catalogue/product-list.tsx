import { useState } from 'react';
import useSWR from 'swr';
import type { MerchandisedProduct, MerchandisedProductsPage } from '@shop/contracts/merchandising';
import { formatPrice } from '@shop/contracts/money';
import { ApiRefusal, formatDateTime } from '../shared/api';
import { ConsoleTable } from '../shared/console-table';
import sharedStyles from '../shared/console.module.css';
import { NoticeArea } from '../shared/notice';
import styles from './catalogue.module.css';
import { productsPath } from './catalogue-keys';
import { CATEGORY_LABELS } from './product-form-values';

function promotionCell(product: MerchandisedProduct): string {
  const promotion = product.promotion;
  if (!promotion) return '—';
  const dates = [promotion.startsAt && `du ${formatDateTime(promotion.startsAt)}`, promotion.endsAt && `au ${formatDateTime(promotion.endsAt)}`].filter(Boolean).join(' ');
  return `Ancien prix ${formatPrice(promotion.oldPrice)}${dates ? `, ${dates}` : ''} — ${product.onPromotionNow ? 'en cours' : 'hors période'}`;
}

interface ProductListProps {
  onEdit(id: string): void;
  onNew(): void;
}

/**
 * The catalogue's products, searched and paged by cart-service (never loaded whole): a search submitted, archived
 * products shown on demand, one page at a time with its cursor.
 */
export function ProductList({ onEdit, onNew }: ProductListProps) {
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [archived, setArchived] = useState(false);
  // The cursors of the pages before this one and of this one (none for the first page).
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const { data, error, isValidating } = useSWR<MerchandisedProductsPage>(productsPath(q, archived, cursor), { keepPreviousData: true });
  const listError = error instanceof ApiRefusal ? error.message : null;

  return (
    <>
      <div className={sharedStyles.filters}>
        <form
          className={sharedStyles.filters}
          role="search"
          aria-label="Rechercher des produits"
          onSubmit={(event) => {
            event.preventDefault();
            setQ(draft);
            setCursors([]);
          }}
        >
          <label className={sharedStyles.field}>
            <span>Nom, en français ou en arabe, ou adresse</span>
            <input type="search" value={draft} maxLength={100} onChange={(event) => setDraft(event.target.value)} />
          </label>
          <button type="submit" className={sharedStyles.button}>
            Rechercher
          </button>
        </form>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={archived}
            onChange={(event) => {
              setArchived(event.target.checked);
              setCursors([]);
            }}
          />
          Afficher les produits archivés
        </label>
        <button type="button" className={sharedStyles.button} onClick={onNew}>
          Nouveau produit
        </button>
      </div>
      <NoticeArea notice={listError ? { kind: 'refused', text: listError } : null} />
      {data && (
        <p aria-live="polite">
          {data.total === 0 ? 'Aucun produit.' : `${data.total} produit${data.total > 1 ? 's' : ''}${q.trim() ? ` pour « ${q.trim()} »` : ''} — page ${cursors.length + 1}`}
        </p>
      )}
      {data && data.products.length > 0 && (
        <ConsoleTable caption="Produits" columns={['Nom', 'Catégorie', 'Prix', 'Promotion', 'Stock', 'État', 'Actions']} scrolls>
          {data.products.map((product) => (
            <tr key={product.id} data-product-id={product.id}>
              <td>
                {product.texts['fr-MA'].name}
                <div className={sharedStyles.muted} lang="ar" dir="rtl">
                  {product.texts['ar-MA'].name}
                </div>
              </td>
              <td>{CATEGORY_LABELS[product.category]}</td>
              <td>{formatPrice(product.price)}</td>
              <td>{promotionCell(product)}</td>
              <td>{product.onHand}</td>
              <td>{product.archived ? 'Archivé' : 'En vente'}</td>
              <td>
                <button type="button" className={sharedStyles.secondary} aria-label={`Modifier ${product.texts['fr-MA'].name}`} onClick={() => onEdit(product.id)}>
                  Modifier
                </button>
              </td>
            </tr>
          ))}
        </ConsoleTable>
      )}
      <div className={styles.paging}>
        {cursors.length > 0 && (
          <button type="button" className={sharedStyles.secondary} disabled={isValidating} onClick={() => setCursors(cursors.slice(0, -1))}>
            Page précédente
          </button>
        )}
        {data?.nextCursor && (
          <button type="button" className={sharedStyles.secondary} disabled={isValidating} onClick={() => setCursors([...cursors, data.nextCursor!])}>
            Page suivante
          </button>
        )}
      </div>
    </>
  );
}
