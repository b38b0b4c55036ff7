import type { FeaturedProductPageProps } from '@shop/contracts/exposes';
import { useText } from '../messages/messages';
import { ListingError, ListingLoading } from '../shared/listing-status';
import { PageRoot } from '../shared/page-root';
import { useProducts } from '../shared/use-products';
import page from '../shared/page.module.css';
import { pickFeatured } from './featured-product';
import { NoFeaturedProduct } from './no-featured-product';
import { ProductDetails } from './product-details';
import { featuredLayouts } from './featured-layouts';
import { QuickViewProducts } from './quick-view';
import { RelatedProducts } from './related-products';

/** The template's product-page layouts, showing a featured product of the real catalogue. */
export function FeaturedProductPage({ layout, apiBase = '' }: FeaturedProductPageProps) {
  const { t } = useText();
  const { pick, options } = featuredLayouts[layout];
  const { products, error, isLoading, retry } = useProducts(apiBase);
  const product = products ? pickFeatured(products, pick) : undefined;
  return (
    <PageRoot>
      {isLoading ? <ListingLoading /> : null}
      {error && !products ? (
        <>
          <h1 className={page.title}>{t('product.unavailable')}</h1>
          <ListingError error={error} retry={retry} />
        </>
      ) : null}
      {products && !product ? <NoFeaturedProduct pick={pick} /> : null}
      {products && product ? (
        <>
          <ProductDetails key={`${layout}-${product.id}`} product={product} apiBase={apiBase} options={options} />
          {options.quickView ? (
            <QuickViewProducts product={product} products={products} apiBase={apiBase} />
          ) : (
            <RelatedProducts product={product} products={products} apiBase={apiBase} />
          )}
        </>
      ) : null}
    </PageRoot>
  );
}
