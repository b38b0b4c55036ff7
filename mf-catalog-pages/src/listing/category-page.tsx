import type { CategoryPageProps } from '@shop/contracts/exposes';
import { productsInCategory, type Category } from '@shop/contracts/products';
import { useMemo } from 'react';
import { useText } from '../messages/messages';
import { PageRoot } from '../shared/page-root';
import type { MessageId } from '../shared/page-text';
import { useProducts } from '../shared/use-products';
import page from '../shared/page.module.css';
import { ListingError, ListingLoading } from '../shared/listing-status';
import { ProductListing } from './product-listing';
import { useListingFilters } from './use-listing-filters';

/** Each listing's heading and introduction, messages. */
export const categoryTitles: Record<Category | 'all', { title: MessageId; intro: MessageId }> = {
  all: { title: 'listing.page.all.title', intro: 'listing.page.all.intro' },
  face: { title: 'listing.page.face.title', intro: 'listing.page.face.intro' },
  body: { title: 'listing.page.body.title', intro: 'listing.page.body.intro' },
  hair: { title: 'listing.page.hair.title', intro: 'listing.page.hair.intro' },
  pack: { title: 'listing.page.pack.title', intro: 'listing.page.pack.intro' },
};

/** /shop/all and the category listings; the header's search lands on /shop/all?q=…&category=…. */
export function CategoryPage({ category, apiBase = '' }: CategoryPageProps) {
  const { t } = useText();
  const { products, error, isLoading, retry } = useProducts(apiBase);
  const listing = useListingFilters();
  const inCategory = useMemo(
    () => (products ? productsInCategory(products, category) : undefined),
    [products, category],
  );
  const { title, intro } = categoryTitles[category];
  return (
    <PageRoot>
      <h1 className={page.title}>{t(title)}</h1>
      <p className={page.intro}>{t(intro)}</p>
      {isLoading ? <ListingLoading /> : null}
      {error && !inCategory ? <ListingError error={error} retry={retry} /> : null}
      {inCategory ? <ProductListing {...listing} products={inCategory} apiBase={apiBase} /> : null}
    </PageRoot>
  );
}
