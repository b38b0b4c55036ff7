import type { Category } from '@shop/contracts/products';
import type { ComponentType, MouseEvent } from 'react';
import { ShopLink } from '@shop/contracts/shop-link';
import { useText } from '../messages/messages';
import type { PageText } from '../shared/page-text';
import buttons from '../shared/buttons.module.css';
import { ListingError } from '../shared/listing-status';
import { ProductCard } from '../shared/product-card/product-card';
import type { CardView } from '../shared/product-card/product-card';
import { isNarrowed } from './listing-filters';
import { SearchSummary } from './search-summary';
import { SortSelect } from './sort-select';
import type { SentinelProps } from './infinite-sentinel';
import type { UseListingFilters } from './use-listing-filters';
import { useMorePages, type ShownPage } from './use-more-pages';
import productGrid from '../shared/product-card/product-grid.module.css';
import styles from './listing.module.css';


interface Props {
  listing: UseListingFilters;
  /** The listing's first page (the URL's: a later one when the URL has a cursor), as the API answered it. */
  first: ShownPage;
  apiBase: string;
  /** A category page's own category (no search summary for it). */
  pageCategory?: Category;
  view?: CardView;
  wide?: boolean;
  /** The infinite layout's sentinel: the next page comes as the shopper scrolls (the link stays, for keyboards). */
  infinite?: ComponentType<SentinelProps> | undefined;
  headingLevel?: 2 | 3;
}

const EAGER_CARDS = 4;

function countText(shown: number, total: number, later: boolean, t: PageText['t']): string {
  if (total === 0 || shown === 0) return t('listing.count.none');
  if (later) return t('listing.count.later', { shown, total });
  return shown < total ? t('listing.count.shown', { shown, total }) : t('listing.count.total', { total });
}

/**
 * The shared body of every listing: search summary, count, sort, cards, and the next page. The next page is a real
 * link (`?…&cursor=`): without JavaScript, or for a crawler, it is the server's page of the next products; with it, a
 * tap (or the scroll) adds them below instead. Give it a `key` of the query: another query starts again.
 */
export function ProductListing({
  listing,
  first,
  apiBase,
  pageCategory,
  view = 'grid',
  wide = false,
  infinite: Sentinel,
  headingLevel = 2,
}: Props) {
  const { t } = useText();
  const { query, setFilter, pageHref } = listing;
  const more = useMorePages(apiBase, query, first);
  const { products, nextCursor } = more;
  const later = query.cursor !== undefined;
  const showMore = (event: MouseEvent<HTMLAnchorElement>) => {
    // A tap adds the next products below; a link opened elsewhere (a new tab) stays the next page's.
    if (event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    more.loadMore();
  };

  return (
    <div className={styles.listing}>
      {pageCategory ? null : <SearchSummary listing={listing} />}
      <div className={styles.toolbar}>
        <p role="status" className={styles.count}>
          {countText(products.length, first.total, later, t)}
        </p>
        <SortSelect value={query.sort} searching={query.q !== ''} onChange={(sort) => setFilter('sort', sort)} />
      </div>
      {products.length === 0 ? (
        <div className={styles.empty}>
          <p>{isNarrowed(listing, pageCategory) ? t('listing.empty.filtered') : t('listing.empty.none')}</p>
          <ShopLink to="/shop/all">{t('listing.empty.seeAll')}</ShopLink>
        </div>
      ) : (
        <ul className={`${view === 'list' ? styles.rows : productGrid.grid} ${wide ? productGrid.wide : ''}`} data-listing>
          {products.map((product, index) => (
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
      {more.readers}
      {more.error ? <ListingError error={more.error} retry={more.loadMore} /> : null}
      {nextCursor ? (
        <div className={styles.more}>
          {Sentinel ? <Sentinel enabled={!more.error} step={more.added} onReach={more.loadMore} /> : null}
          <a href={pageHref(nextCursor)} rel="next" className={buttons.secondary} aria-busy={more.loading} onClick={showMore}>
            {Sentinel ? t('listing.more.infinite') : t('listing.more.loadMore')}
          </a>
        </div>
      ) : null}
      {!nextCursor && (more.added > 0 || later) ? <p className={styles.end}>{t('listing.more.end')}</p> : null}
      {later ? (
        <p className={styles.end}>
          <a href={pageHref(undefined)}>{t('listing.more.first')}</a>
        </p>
      ) : null}
    </div>
  );
}
