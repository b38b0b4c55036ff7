import type { Product } from '@shop/contracts/products';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ShopLink } from '@shop/contracts/shop-link';
import { useText } from '../messages/messages';
import type { PageText } from '../shared/page-text';
import buttons from '../shared/buttons.module.css';
import { categoryLabels } from '../shared/category-labels';
import { filterProducts, sortProducts } from './listing-filters';
import { ProductCard } from '../shared/product-card/product-card';
import type { CardView } from '../shared/product-card/product-card';
import { SearchSummary } from './search-summary';
import { SortSelect } from './sort-select';
import { useInfiniteScroll } from './use-infinite-scroll';
import type { UseListingFilters } from './use-listing-filters';
import productGrid from '../shared/product-card/product-grid.module.css';
import styles from './listing.module.css';

export type Pagination = { mode: 'all' } | { mode: 'load-more' | 'infinite'; pageSize: number };

interface Props extends UseListingFilters {
  products: readonly Product[];
  apiBase: string;
  view?: CardView;
  wide?: boolean;
  pagination?: Pagination;
  headingLevel?: 2 | 3;
}

const EAGER_CARDS = 4;

function countText(shown: number, total: number, t: PageText['t']): string {
  if (total === 0) return t('listing.count.none');
  return shown < total ? t('listing.count.shown', { shown, total }) : t('listing.count.total', { total });
}

/** The shared body of every listing: search summary, count, sort, cards, and load-more or infinite scroll. */
export function ProductListing({
  products,
  apiBase,
  filters,
  setFilter,
  clearSearch,
  view = 'grid',
  wide = false,
  pagination = { mode: 'all' },
  headingLevel = 2,
}: Props) {
  const { t } = useText();
  const shownProducts = useMemo(
    () => sortProducts(filterProducts(products, filters, (category) => t(categoryLabels[category])), filters.sort),
    [products, filters, t],
  );
  const pageSize = pagination.mode === 'all' ? Infinity : pagination.pageSize;
  const [visible, setVisible] = useState(pageSize);
  const filterKey = `${filters.q}|${filters.category}|${filters.price}|${filters.promo}|${filters.sort}`;
  const firstKey = useRef(filterKey);
  useEffect(() => {
    // A new search or filter starts again from the first page.
    if (firstKey.current !== filterKey) setVisible(pageSize);
    firstKey.current = filterKey;
  }, [filterKey, pageSize]);

  const total = shownProducts.length;
  const shown = Math.min(visible, total);
  const more = shown < total;
  const showMore = () => setVisible((v) => v + pageSize);
  const sentinel = useInfiniteScroll(pagination.mode === 'infinite' && more, shown, showMore);
  const hasFilters = Boolean(filters.q.trim() || filters.category || filters.price || filters.promo);

  return (
    <div className={styles.listing}>
      <SearchSummary filters={filters} onClear={clearSearch} />
      <div className={styles.toolbar}>
        <p role="status" className={styles.count}>
          {countText(shown, total, t)}
        </p>
        <SortSelect value={filters.sort} onChange={(sort) => setFilter('sort', sort)} />
      </div>
      {total === 0 ? (
        <div className={styles.empty}>
          <p>
            {hasFilters ? t('listing.empty.filtered') : t('listing.empty.none')}
          </p>
          <ShopLink to="/shop/all">{t('listing.empty.seeAll')}</ShopLink>
        </div>
      ) : (
        <ul className={`${view === 'list' ? styles.rows : productGrid.grid} ${wide ? productGrid.wide : ''}`} data-listing>
          {shownProducts.slice(0, shown).map((product, index) => (
            <ProductCard
              key={product.id}
              product={product}
              apiBase={apiBase}
              eager={index < EAGER_CARDS}
              headingLevel={headingLevel}
              view={view}
            />
          ))}
        </ul>
      )}
      {pagination.mode !== 'all' && more ? (
        <div className={styles.more}>
          {pagination.mode === 'infinite' ? <div ref={sentinel} className={styles.sentinel} aria-hidden="true" /> : null}
          <button type="button" className={buttons.secondary} onClick={showMore}>
            {pagination.mode === 'infinite' ? t('listing.more.infinite') : t('listing.more.loadMore')}
          </button>
        </div>
      ) : null}
      {pagination.mode !== 'all' && !more && total > pageSize ? (
        <p className={styles.end}>{t('listing.more.end')}</p>
      ) : null}
    </div>
  );
}
