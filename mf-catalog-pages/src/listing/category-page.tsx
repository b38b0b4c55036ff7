import type { CategoryPageProps } from '@shop/contracts/exposes';
import { listingKey } from '@shop/contracts/listing-key';
import { LISTING_PAGE } from '@shop/contracts/product-query';
import type { Category } from '@shop/contracts/products';
import { useText } from '../messages/messages';
import { PageRoot } from '../shared/page-root';
import type { MessageId } from '../shared/page-text';
import { useListingPage } from '../shared/use-listing-page';
import page from '../shared/page.module.css';
import { ListingError, ListingLoading } from '../shared/listing-status';
import { ProductListing } from './product-listing';
import { NOTHING } from './use-more-pages';
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
  const pageCategory = category === 'all' ? undefined : category;
  const listing = useListingFilters({ ...(pageCategory ? { category: pageCategory } : {}), limit: LISTING_PAGE });
  const { page: read, error, isLoading, retry } = useListingPage(apiBase, listing.unsold ? null : listing.query);
  const first = listing.unsold ? NOTHING : read;
  const { title, intro } = categoryTitles[category];
  return (
    <PageRoot>
      <h1 className={page.title}>{t(title)}</h1>
      <p className={page.intro}>{t(intro)}</p>
      {isLoading ? <ListingLoading /> : null}
      {error && !first ? <ListingError error={error} retry={retry} /> : null}
      {first ? (
        <ProductListing key={listingKey('', listing.query, undefined)} listing={listing} first={first} apiBase={apiBase} {...(pageCategory ? { pageCategory } : {})} />
      ) : null}
    </PageRoot>
  );
}
