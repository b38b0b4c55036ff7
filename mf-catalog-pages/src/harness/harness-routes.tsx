import type { ComponentType, ReactElement } from 'react';
import { useParams } from 'react-router-dom';
import type { ExposedModuleId, ExposedModules } from '@shop/contracts/exposes';
import { DEFAULT_LOCALE } from '@shop/contracts/locales';
import { pageProps } from '@shop/contracts/route-matching';
import { pageRoutes, type PageRoute } from '@shop/contracts/routes';
import BlogPage from '../exposes/blog-page';
import CategoryPage from '../exposes/category-page';
import CheckoutPage from '../exposes/checkout-page';
import ContentPage from '../exposes/content-page';
import FeaturedProductPage from '../exposes/featured-product-page';
import HomePage from '../exposes/home-page';
import ListingPage from '../exposes/listing-page';
import OrderConfirmationPage from '../exposes/order-confirmation-page';
import ProductPage from '../exposes/product-page';
import WishlistPage from '../exposes/wishlist-page';
import { HarnessCartLines } from './harness-cart-lines';

type CatalogModuleId = Extract<ExposedModuleId, `mf_catalog_pages/${string}`>;

/** This remote's exposed pages, by module id: the harness serves them on the shop's own paths (the route table). */
const pages: { [Id in CatalogModuleId]: ExposedModules[Id]['default'] } = {
  'mf_catalog_pages/BlogPage': BlogPage,
  'mf_catalog_pages/CategoryPage': CategoryPage,
  'mf_catalog_pages/CheckoutPage': CheckoutPage,
  'mf_catalog_pages/ContentPage': ContentPage,
  'mf_catalog_pages/FeaturedProductPage': FeaturedProductPage,
  'mf_catalog_pages/HomePage': HomePage,
  'mf_catalog_pages/ListingPage': ListingPage,
  'mf_catalog_pages/OrderConfirmationPage': OrderConfirmationPage,
  'mf_catalog_pages/ProductPage': ProductPage,
  'mf_catalog_pages/WishlistPage': WishlistPage,
};

const harnessNotFound = (
  <section>
    <h1>Page introuvable</h1>
    <p>Banc d’essai : le 404 de la coquille s’affiche ici.</p>
  </section>
);

const isCatalogPage = (def: PageRoute): def is PageRoute & { module: CatalogModuleId } => def.module in pages;

/**
 * What the shell fills in (the page's language, the URL parameter, its 404 page, the cart lines), filled in by the
 * harness instead: its pages are French.
 */
function HarnessPage({ def }: { def: PageRoute & { module: CatalogModuleId } }) {
  // The route table's props are the module's own (pageProps), untyped once looked up by id.
  const Component = pages[def.module] as unknown as ComponentType<Record<string, unknown>>;
  return <Component locale={DEFAULT_LOCALE} {...pageProps(def, useParams(), { notFound: harnessNotFound, cartLines: <HarnessCartLines /> })} />;
}

export const harnessRoutes: { path: string; element: ReactElement }[] = [
  ...(pageRoutes as readonly PageRoute[]).filter(isCatalogPage).map((def) => ({ path: def.path, element: <HarnessPage def={def} /> })),
  { path: '*', element: harnessNotFound },
];
