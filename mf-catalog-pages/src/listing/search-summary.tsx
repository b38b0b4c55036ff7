import { useText } from '../messages/messages';
import { searchCategoryLabels } from './listing-filters';
import type { UseListingFilters } from './use-listing-filters';
import styles from './listing.module.css';

/** Says what the header's search asked for (its text, its category), and offers to clear it. */
export function SearchSummary({ listing }: { listing: Pick<UseListingFilters, 'query' | 'unsold' | 'clearSearch'> }) {
  const { t } = useText();
  const { query, unsold, clearSearch } = listing;
  const category = unsold ? 'makeup' : query.category !== 'all' ? query.category : undefined;
  if (!query.q && !category) return null;
  const categoryName = category ? t(searchCategoryLabels[category]) : '';
  const where = category ? t('listing.search.in', { category: categoryName }) : '';
  return (
    <div className={styles.searchSummary}>
      <p>
        {query.q ? (
          <>
            {t('listing.search.label')}
            <strong>{t('listing.search.query', { query: query.q })}</strong>
            {where}
          </>
        ) : (
          <>{t('listing.search.category', { category: categoryName })}</>
        )}
      </p>
      <button type="button" className={styles.linkButton} onClick={clearSearch}>
        {t('listing.search.clear')}
      </button>
    </div>
  );
}
