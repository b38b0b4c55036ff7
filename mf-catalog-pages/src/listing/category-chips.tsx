import type { Product } from '@shop/contracts/products';
import { useText } from '../messages/messages';
import { categoryOrder } from '../shared/category-labels';
import { searchCategoryLabels } from './listing-filters';
import type { UseListingFilters } from './use-listing-filters';
import styles from './layouts.module.css';

interface Props extends Pick<UseListingFilters, 'filters' | 'setFilter'> {
  products: readonly Product[];
}

/** The categories above the products, as toggle buttons with their product counts. */
export function CategoryChips({ products, filters, setFilter }: Props) {
  const { t } = useText();
  const chips = [
    { value: undefined, label: t('listing.chips.all'), count: products.length },
    ...categoryOrder.map((c) => ({ value: c, label: t(searchCategoryLabels[c]), count: products.filter((p) => p.category === c).length })),
  ];
  return (
    <div role="group" aria-label={t('listing.chips.label')} className={styles.chips}>
      {chips.map((chip) => (
        <button
          key={chip.label}
          type="button"
          aria-pressed={filters.category === chip.value}
          className={styles.chip}
          onClick={() => setFilter('category', chip.value)}
        >
          {chip.label} <span className={styles.chipCount}>({chip.count})</span>
        </button>
      ))}
    </div>
  );
}
