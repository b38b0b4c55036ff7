import type { FeaturedProductPageProps } from '@shop/contracts/exposes';
import { PAGE_SIZE, type ProductQuery } from '@shop/contracts/product-query';
import { useText } from '../messages/messages';
import { ListingError, ListingLoading } from '../shared/listing-status';
import { PageRoot } from '../shared/page-root';
import { useListingPage } from '../shared/use-listing-page';
import page from '../shared/page.module.css';
import { pickFeatured } from './featured-product';
import { NoFeaturedProduct } from './no-featured-product';
import { ProductDetails } from './product-details';
import { featuredLayouts, type FeaturedPick } from './featured-layouts';
import { QuickViewProducts } from './quick-view';
import { RelatedProducts } from './related-products';
import { useProductPage } from './use-product-page';

/**
 * Where a layout's product is found. A promotion that can be ordered is one product the database finds (else one that
 * can be ordered); a stock state is not a listing filter, so those layouts look in one full page of the catalogue.
 */
const candidates: Record<FeaturedPick, Partial<ProductQuery>> = {
  promotion: { promo: true, inStock: true, limit: 1 },
  'out-of-stock': { limit: PAGE_SIZE.max },
  'low-stock': { limit: PAGE_SIZE.max },
};
const ANY_ORDERABLE: Partial<ProductQuery> = { inStock: true, limit: 1 };

/** The template's product-page layouts, showing a featured product of the real catalogue and its related products. */
export function FeaturedProductPage({ layout, apiBase = '' }: FeaturedProductPageProps) {
  const { t } = useText();
  const { pick, options } = featuredLayouts[layout];
  const found = useListingPage(apiBase, candidates[pick]);
  const noPromotion = pick === 'promotion' && found.page?.products.length === 0;
  const fallback = useListingPage(apiBase, noPromotion ? ANY_ORDERABLE : null);
  const { page: read, error, isLoading, retry } = noPromotion ? fallback : found;
  const product = read ? pickFeatured(read.products, pick) : undefined;
  const related = useProductPage(apiBase, product?.slug ?? null).data?.related ?? [];
  return (
    <PageRoot>
      {isLoading ? <ListingLoading /> : null}
      {error && !read ? (
        <>
          <h1 className={page.title}>{t('product.unavailable')}</h1>
          <ListingError error={error} retry={retry} />
        </>
      ) : null}
      {read && !product ? <NoFeaturedProduct pick={pick} /> : null}
      {product ? (
        <>
          <ProductDetails key={`${layout}-${product.id}`} product={product} apiBase={apiBase} options={options} />
          {options.quickView ? <QuickViewProducts related={related} apiBase={apiBase} /> : <RelatedProducts related={related} apiBase={apiBase} />}
        </>
      ) : null}
    </PageRoot>
  );
}
