import type { ProductPageProps } from '@shop/contracts/exposes';
import type { ProductResponse } from '@shop/contracts/products';
import { lazy } from 'react';
import useSWR from 'swr';
import { useText } from '../messages/messages';
import { ServerHtmlUntilNeeded } from '@shop/contracts/server-html-until-needed';
import { ListingError } from '../shared/listing-status';
import { getJson, HttpError } from '../shared/api';
import { PageRoot } from '../shared/page-root';
import { productKey } from '@shop/contracts/data-keys';
import { useProducts } from '../shared/use-products';
import { ProductDetails } from './product-details';
import { defaultProductOptions } from './product-layouts';

// Below the product: server HTML, the cards' code fetched, until it comes into view (decision 028).
const RelatedProducts = lazy(() => import('./related-products').then((module) => ({ default: module.RelatedProducts })));

/** /shop/product/:slug. An unknown slug shows the shell's 404 page. */
export function ProductPage({ slug, notFound, apiBase = '' }: ProductPageProps) {
  const { t, locale } = useText();
  // A key of our own (see productKey): the 404 must stay recognisable. The product in the page's language.
  const { data, error, isLoading, mutate } = useSWR(productKey(apiBase, slug, locale), ([, u]) => getJson<ProductResponse>(u), {
    // A 404 is an answer, not a failure to retry.
    shouldRetryOnError: (e: unknown) => !(e instanceof HttpError && e.status === 404),
  });
  const { products } = useProducts(apiBase);
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
          {products ? (
            <ServerHtmlUntilNeeded when="visible">
              <RelatedProducts product={data.product} products={products} apiBase={apiBase} />
            </ServerHtmlUntilNeeded>
          ) : null}
        </>
      ) : null}
    </PageRoot>
  );
}
