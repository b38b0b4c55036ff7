import type { ListingFilters } from './listing-filters';
import { searchCategoryLabels } from './listing-filters';
import styles from './listing.module.css';

interface Props {
  filters: ListingFilters;
  onClear: () => void;
}

/** Says what the header's search asked for, and offers to clear it. */
export function SearchSummary({ filters, onClear }: Props) {
  const q = filters.q.trim();
  if (!q && !filters.category) return null;
  const where = filters.category ? ` dans « ${searchCategoryLabels[filters.category]} »` : '';
  return (
    <div className={styles.searchSummary}>
      <p>
        {q ? (
          <>
            Recherche : <strong>« {q} »</strong>
            {where}
          </>
        ) : (
          <>Catégorie recherchée : {filters.category ? searchCategoryLabels[filters.category] : ''}</>
        )}
      </p>
      <button type="button" className={styles.linkButton} onClick={onClear}>
        Effacer la recherche
      </button>
    </div>
  );
}
