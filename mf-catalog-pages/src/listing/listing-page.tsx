import type { ListingPageProps } from '@shop/contracts/exposes';
import { listingKey } from '@shop/contracts/listing-key';
import { LISTING_PAGE } from '@shop/contracts/product-query';
import { useText } from '../messages/messages';
import { categoryLabels, categoryOrder } from '../shared/category-labels';
import { PageRoot } from '../shared/page-root';
import { useListingPage } from '../shared/use-listing-page';
import page from '../shared/page.module.css';
import { CategoryChips } from './category-chips';
import { CategoryOverview } from './category-overview';
import { FilterPanel } from './filter-panel';
import { InfiniteSentinel } from './infinite-sentinel';
import { listingLayouts, type ListingLayoutConfig } from './listing-layouts';
import { ListingError, ListingLoading } from '../shared/listing-status';
import { ProductListing } from './product-listing';
import { ProductSlider } from './product-slider';
import { useListingFilters } from './use-listing-filters';
import { NOTHING } from './use-more-pages';
import styles from './layouts.module.css';

/** A layout of one listing: its first page read from the URL's query (on the server too), its filters and its next pages. */
function ProductsLayout({ config, apiBase }: { config: ListingLayoutConfig; apiBase: string }) {
  const listing = useListingFilters({ limit: config.pageSize ?? LISTING_PAGE });
  const { page: read, error, isLoading, retry } = useListingPage(apiBase, listing.unsold ? null : listing.query);
  const first = listing.unsold ? NOTHING : read;
  // No counts beside the filters for a search the shop cannot match.
  const facets = listing.unsold ? undefined : read?.facets;
  const grid = first ? (
    <ProductListing
      key={listingKey('', listing.query, undefined)}
      listing={listing}
      first={first}
      apiBase={apiBase}
      view={config.view}
      wide={config.wide}
      infinite={config.pagination === 'infinite' ? InfiniteSentinel : undefined}
    />
  ) : null;
  const filters = config.filters ? (
    <FilterPanel placement={config.filters.placement} facets={facets} query={listing.query} setFilter={listing.setFilter} />
  ) : null;
  const status = (
    <>
      {isLoading ? <ListingLoading /> : null}
      {error && !first ? <ListingError error={error} retry={retry} /> : null}
    </>
  );
  if (config.filters?.placement === 'sidebar') {
    return (
      <div className={`${styles.withSidebar} ${config.filters.side === 'right' ? styles.sidebarRight : ''}`}>
        {filters}
        <div>
          {status}
          {grid}
        </div>
      </div>
    );
  }
  return (
    <div className={styles.stack}>
      {config.categoryChips ? <CategoryChips facets={facets} query={listing.query} setFilter={listing.setFilter} /> : null}
      {filters}
      {status}
      {grid}
    </div>
  );
}

/** The template's listing layouts (/shop, /shop/left-sidebar, …, /load-more, /infinity, /category). */
export function ListingPage({ layout, apiBase = '' }: ListingPageProps) {
  const { t } = useText();
  const config = listingLayouts[layout];
  return (
    <PageRoot>
      <h1 className={page.title}>{t(config.title)}</h1>
      <p className={page.intro}>{t(config.intro)}</p>
      {config.kind === 'slider'
        ? categoryOrder.map((category, index) => (
            <ProductSlider key={category} category={category} title={t(categoryLabels[category])} apiBase={apiBase} eager={index === 0} />
          ))
        : null}
      {config.kind === 'categories' ? <CategoryOverview apiBase={apiBase} /> : null}
      {config.kind === 'products' ? <ProductsLayout config={config} apiBase={apiBase} /> : null}
    </PageRoot>
  );
}
