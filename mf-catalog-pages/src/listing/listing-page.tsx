import type { ListingPageProps } from '@shop/contracts/exposes';
import { useText } from '../messages/messages';
import { categoryLabels, categoryOrder } from '../shared/category-labels';
import { PageRoot } from '../shared/page-root';
import { useProducts } from '../shared/use-products';
import page from '../shared/page.module.css';
import { CategoryChips } from './category-chips';
import { CategoryOverview } from './category-overview';
import { FilterPanel } from './filter-panel';
import { listingLayouts } from './listing-layouts';
import { ListingError, ListingLoading } from '../shared/listing-status';
import { ProductListing } from './product-listing';
import { ProductSlider } from './product-slider';
import { useListingFilters } from './use-listing-filters';
import styles from './layouts.module.css';

/** The template's listing layouts (/shop, /shop/left-sidebar, …, /load-more, /infinity, /category). */
export function ListingPage({ layout, apiBase = '' }: ListingPageProps) {
  const { t } = useText();
  const config = listingLayouts[layout];
  const { products, error, isLoading, retry } = useProducts(apiBase);
  const listing = useListingFilters();

  const body = () => {
    if (!products) return null;
    if (config.kind === 'slider') {
      return categoryOrder.map((category, index) => (
        <ProductSlider
          key={category}
          title={t(categoryLabels[category])}
          products={products.filter((p) => p.category === category)}
          apiBase={apiBase}
          eager={index === 0}
        />
      ));
    }
    if (config.kind === 'categories') return <CategoryOverview products={products} apiBase={apiBase} />;
    const grid = (
      <ProductListing
        {...listing}
        products={products}
        apiBase={apiBase}
        view={config.view}
        wide={config.wide}
        pagination={config.pagination}
      />
    );
    const filters = config.filters ? (
      <FilterPanel placement={config.filters.placement} filters={listing.filters} setFilter={listing.setFilter} />
    ) : null;
    if (config.filters?.placement === 'sidebar') {
      return (
        <div className={`${styles.withSidebar} ${config.filters.side === 'right' ? styles.sidebarRight : ''}`}>
          {filters}
          {grid}
        </div>
      );
    }
    return (
      <div className={styles.stack}>
        {config.categoryChips ? <CategoryChips products={products} filters={listing.filters} setFilter={listing.setFilter} /> : null}
        {filters}
        {grid}
      </div>
    );
  };

  return (
    <PageRoot>
      <h1 className={page.title}>{t(config.title)}</h1>
      <p className={page.intro}>{t(config.intro)}</p>
      {isLoading ? <ListingLoading /> : null}
      {error && !products ? <ListingError error={error} retry={retry} /> : null}
      {body()}
    </PageRoot>
  );
}
