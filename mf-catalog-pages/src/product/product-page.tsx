import type { ProductPageProps } from '@shop/contracts/exposes';
import { lazy } from 'react';
import { useText } from '../messages/messages';
import { ServerHtmlUntilNeeded } from '@shop/contracts/server-html-until-needed';
import { ListingError } from '../shared/listing-status';
import { HttpError } from '../shared/api';
import { PageRoot } from '../shared/page-root';
import { ProductDetails } from './product-details';
import { defaultProductOptions } from './product-layouts';
import { useProductPage } from './use-product-page';

// Below the product: server HTML, the cards' code fetched, until it comes into view (decision 028).
const RelatedProducts = lazy(() => import('./related-products').then((module) => ({ default: module.RelatedProducts })));

/** /shop/product/:slug, with the related products its own answer carries. An unknown slug shows the shell's 404 page. */
export function ProductPage({ slug, notFound, apiBase = '' }: ProductPageProps) {
  const { t } = useText();
  const { data, error, isLoading, mutate } = useProductPage(apiBase, slug);
  if (error instanceof HttpError && error.status === 404) return <>{notFound}</>;
  return (
    <PageRoot>
      {isLoading ? (
        <p aria-busy="true" role="status">
          {t('product.loading')}
        </p>
      ) : null}
      {error && !data ? (
        <>
          <h1>{t('product.unavailable')}</h1>
          <ListingError error={error as Error} retry={() => void mutate()} />
        </>
      ) : null}
      {data ? (
        <>
          <ProductDetails key={data.product.id} product={data.product} apiBase={apiBase} options={defaultProductOptions} />
          {data.related.length > 0 ? (
            <ServerHtmlUntilNeeded when="visible">
              <RelatedProducts related={data.related} apiBase={apiBase} />
            </ServerHtmlUntilNeeded>
          ) : null}
        </>
      ) : null}
    </PageRoot>
  );
}
