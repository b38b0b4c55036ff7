import type { BlogLayout, ContentPageId, ListingLayout, ProductLayout } from '@shop/contracts/exposes';
import type { ReactElement } from 'react';
import { useParams } from 'react-router-dom';
import { BlogPage } from '../blog/blog-page';
import { CheckoutPage } from '../checkout/checkout-page';
import { HomePage } from '../home/home-page';
import { CategoryPage } from '../listing/category-page';
import { ListingPage } from '../listing/listing-page';
import { OrderConfirmationPage } from '../orders/order-confirmation-page';
import { ContentPage } from '../pages/content-page';
import { FeaturedProductPage } from '../product/featured-product-page';
import { ProductPage } from '../product/product-page';
import { WishlistPage } from '../wishlist/wishlist-page';
import { HarnessCartLines } from './harness-cart-lines';

// The shell's route table, for this remote's pages only (the harness may not import the shell's code).
const listings: [string, ListingLayout][] = [
  ['/shop', 'shop'], ['/shop/right-sidebar', 'right-sidebar'], ['/shop/left-sidebar', 'left-sidebar'],
  ['/shop/category-on-top', 'category-on-top'], ['/shop/standard', 'standard'], ['/shop/slider', 'slider'],
  ['/shop/full-width', 'full-width'], ['/shop/filter-top', 'filter-top'], ['/shop/filter-dropdown', 'filter-dropdown'],
  ['/load-more', 'load-more'], ['/infinity', 'infinity'], ['/category', 'category'],
];
const featured: [string, ProductLayout][] = [
  ['/shop/quick-view', 'quick-view'], ['/shop/double-image', 'double-image'], ['/shop/video-popup', 'video-popup'],
  ['/shop/countdown', 'countdown'], ['/shop/product-with-size-variation', 'size-variation'], ['/shop/notify-me', 'notify-me'],
  ['/shop/low-stock-notice', 'low-stock-notice'], ['/shop/out-of-stock', 'out-of-stock'], ['/shop/product-default', 'default'],
  ['/shop/accordion', 'accordion'], ['/shop/vertical', 'vertical'], ['/shop/full-content', 'full-content'],
  ['/shop/product-thumb-left', 'thumb-left'], ['/shop/product-thumb-bottom', 'thumb-bottom'],
  ['/shop/product-full-width', 'full-width'], ['/shop/scroll-1-column', 'scroll-1-column'], ['/shop/gallery-grid', 'gallery-grid'],
];
const blogs: [string, BlogLayout][] = [
  ['/blog-grid', 'grid'], ['/blog-masonary', 'masonry'], ['/blog-grid-right-sidebar', 'grid-right-sidebar'],
  ['/blog-grid-left-sidebar', 'grid-left-sidebar'], ['/blog-standard-right-sidebar', 'standard-right-sidebar'],
  ['/blog-standard-left-sidebar', 'standard-left-sidebar'], ['/blog-details', 'details'],
];
const contents: ContentPageId[] = ['my-account', 'order-tracking', 'about-us', 'our-brand', 'gift-card', 'faq', 'contact', 'shop-list'];

const harnessNotFound = (
  <section>
    <h1>Page introuvable</h1>
    <p>Banc d’essai : le 404 de la coquille s’affiche ici.</p>
  </section>
);

function ProductRoute() {
  const { slug = '' } = useParams();
  return <ProductPage slug={slug} notFound={harnessNotFound} />;
}

function OrderConfirmationRoute() {
  const { number = '' } = useParams();
  return <OrderConfirmationPage number={number} notFound={harnessNotFound} />;
}

export const harnessRoutes: { path: string; element: ReactElement }[] = [
  { path: '/', element: <HomePage /> },
  ...(['all', 'face', 'body', 'hair', 'pack'] as const).map((c) => ({ path: `/shop/${c}`, element: <CategoryPage category={c} /> })),
  { path: '/shop/checkout', element: <CheckoutPage cartLines={<HarnessCartLines />} /> },
  { path: '/shop/product/:slug', element: <ProductRoute /> },
  { path: '/shop/order/:number', element: <OrderConfirmationRoute /> },
  { path: '/shop/whistlist', element: <WishlistPage /> },
  ...listings.map(([path, layout]) => ({ path, element: <ListingPage layout={layout} /> })),
  ...featured.map(([path, layout]) => ({ path, element: <FeaturedProductPage layout={layout} /> })),
  ...blogs.map(([path, layout]) => ({ path, element: <BlogPage layout={layout} /> })),
  ...contents.map((page) => ({ path: `/${page}`, element: <ContentPage page={page} /> })),
  { path: '*', element: harnessNotFound },
];
