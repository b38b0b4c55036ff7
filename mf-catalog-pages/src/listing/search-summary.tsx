import { useText } from '../messages/messages';
import type { ListingFilters } from './listing-filters';
import { searchCategoryLabels } from './listing-filters';
import styles from './listing.module.css';

interface Props {
  filters: ListingFilters;
  onClear: () => void;
}

/** Says what the header's search asked for, and offers to clear it. */
export function SearchSummary({ filters, onClear }: Props) {
  const { t } = useText();
  const q = filters.q.trim();
  if (!q && !filters.category) return null;
  const where = filters.category ? t('listing.search.in', { category: t(searchCategoryLabels[filters.category]) }) : '';
  return (
    <div className={styles.searchSummary}>
      <p>
        {q ? (
          <>
            {t('listing.search.label')}
            <strong>{t('listing.search.query', { query: q })}</strong>
            {where}
          </>
        ) : (
          <>{t('listing.search.category', { category: filters.category ? t(searchCategoryLabels[filters.category]) : '' })}</>
        )}
      </p>
      <button type="button" className={styles.linkButton} onClick={onClear}>
        {t('listing.search.clear')}
      </button>
    </div>
  );
}
