import type { ProductFacets } from '@shop/contracts/product-query';
import { useText } from '../messages/messages';
import { categoryOrder } from '../shared/category-labels';
import { searchCategoryLabels } from './listing-filters';
import type { UseListingFilters } from './use-listing-filters';
import styles from './layouts.module.css';

interface Props extends Pick<UseListingFilters, 'query' | 'setFilter'> {
  /** The API's counts (each category's for the other filters); none while the listing is read. */
  facets: ProductFacets | undefined;
}

/** The categories above the products, as toggle buttons with their product counts. */
export function CategoryChips({ facets, query, setFilter }: Props) {
  const { t } = useText();
  const all = facets ? Object.values(facets.categories).reduce((a, b) => a + b, 0) : undefined;
  const chips = [
    { value: undefined, label: t('listing.chips.all'), count: all },
    ...categoryOrder.map((c) => ({ value: c, label: t(searchCategoryLabels[c]), count: facets?.categories[c] })),
  ];
  return (
    <div role="group" aria-label={t('listing.chips.label')} className={styles.chips}>
      {chips.map((chip) => (
        <button
          key={chip.label}
          type="button"
          aria-pressed={(query.category === 'all' ? undefined : query.category) === chip.value}
          className={styles.chip}
          onClick={() => setFilter('category', chip.value)}
        >
          {chip.label} {chip.count === undefined ? null : <span className={styles.chipCount}>({chip.count})</span>}
        </button>
      ))}
    </div>
  );
}
