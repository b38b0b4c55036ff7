import type { ComponentProps } from 'react';
import type {
  BlogLayout,
  ContentPageId,
  ExposedModuleId,
  ExposedModules,
  ListingLayout,
  ProductLayout,
} from '@shop/contracts/exposes';

type PropsOf<Id extends ExposedModuleId> = ComponentProps<ExposedModules[Id]['default']>;

/**
 * Props the shell fills in itself when it renders a page: the cart lines slot (from mf_cart), the product
 * slug and the order number (from the URL) and the 404 page (the shell's own). The table holds only the
 * rest, as plain data, so the shell's server can read it too.
 */
type ShellFilledProps = 'cartLines' | 'slug' | 'number' | 'notFound';

export interface RouteDef<Id extends ExposedModuleId = ExposedModuleId> {
  path: string;
  module: Id;
  props: Omit<PropsOf<Id>, ShellFilledProps>;
}

/** Routes the shell renders itself: the 404 page (also the template's /error). */
export interface ShellRouteDef {
  path: string;
  shellPage: 'not-found';
}

function route<Id extends ExposedModuleId>(path: string, module: Id, props: RouteDef<Id>['props']): RouteDef {
  return { path, module, props } as RouteDef;
}

const listing = (path: string, layout: ListingLayout) => route(path, 'mf_catalog_pages/ListingPage', { layout });
const featured = (path: string, layout: ProductLayout) => route(path, 'mf_catalog_pages/FeaturedProductPage', { layout });
const blog = (path: string, layout: BlogLayout) => route(path, 'mf_catalog_pages/BlogPage', { layout });
const content = (path: string, page: ContentPageId) => route(path, 'mf_catalog_pages/ContentPage', { page });

/**
 * Every route the shop serves, in one place (spec, section 2), with the spec's spellings. The browser
 * router and the shell's server (which answers 404 for anything else) both read this table.
 */
export const routeTable: readonly RouteDef[] = [
  // Routes linked from the shop frame.
  route('/', 'mf_catalog_pages/HomePage', {}),
  route('/shop/all', 'mf_catalog_pages/CategoryPage', { category: 'all' }),
  route('/shop/face', 'mf_catalog_pages/CategoryPage', { category: 'face' }),
  route('/shop/body', 'mf_catalog_pages/CategoryPage', { category: 'body' }),
  route('/shop/hair', 'mf_catalog_pages/CategoryPage', { category: 'hair' }),
  route('/shop/pack', 'mf_catalog_pages/CategoryPage', { category: 'pack' }),
  route('/shop/checkout', 'mf_catalog_pages/CheckoutPage', {}),
  route('/shop/product/:slug', 'mf_catalog_pages/ProductPage', {}),
  // Where the checkout leads once the order is placed (cash on delivery).
  route('/shop/order/:number', 'mf_catalog_pages/OrderConfirmationPage', {}),

  // The home variant: alternative header and footer, `style-2` body class.
  route('/index2', 'mf_catalog_pages/HomePage', {}),

  // Listing layouts over the real catalogue.
  listing('/shop', 'shop'),
  listing('/shop/right-sidebar', 'right-sidebar'),
  listing('/shop/left-sidebar', 'left-sidebar'),
  listing('/shop/category-on-top', 'category-on-top'),
  listing('/shop/standard', 'standard'),
  listing('/shop/slider', 'slider'),
  listing('/shop/full-width', 'full-width'),
  listing('/shop/filter-top', 'filter-top'),
  listing('/shop/filter-dropdown', 'filter-dropdown'),
  listing('/load-more', 'load-more'),
  listing('/infinity', 'infinity'),
  listing('/category', 'category'),

  // Product-page layouts of a featured product.
  featured('/shop/quick-view', 'quick-view'),
  featured('/shop/double-image', 'double-image'),
  featured('/shop/video-popup', 'video-popup'),
  featured('/shop/countdown', 'countdown'),
  featured('/shop/product-with-size-variation', 'size-variation'),
  featured('/shop/notify-me', 'notify-me'),
  featured('/shop/low-stock-notice', 'low-stock-notice'),
  featured('/shop/out-of-stock', 'out-of-stock'),
  featured('/shop/product-default', 'default'),
  featured('/shop/accordion', 'accordion'),
  featured('/shop/vertical', 'vertical'),
  featured('/shop/full-content', 'full-content'),
  featured('/shop/product-thumb-left', 'thumb-left'),
  featured('/shop/product-thumb-bottom', 'thumb-bottom'),
  featured('/shop/product-full-width', 'full-width'),
  featured('/shop/scroll-1-column', 'scroll-1-column'),
  featured('/shop/gallery-grid', 'gallery-grid'),

  // Cart and wishlist.
  route('/shop/cart', 'mf_cart/CartPage', {}),
  route('/shop/whistlist', 'mf_catalog_pages/WishlistPage', {}),

  // Content pages.
  content('/my-account', 'my-account'),
  content('/order-tracking', 'order-tracking'),
  content('/about-us', 'about-us'),
  content('/our-brand', 'our-brand'),
  content('/gift-card', 'gift-card'),
  content('/faq', 'faq'),
  content('/contact', 'contact'),
  content('/shop-list', 'shop-list'),

  // Blog.
  blog('/blog-grid', 'grid'),
  blog('/blog-masonary', 'masonry'),
  blog('/blog-grid-right-sidebar', 'grid-right-sidebar'),
  blog('/blog-grid-left-sidebar', 'grid-left-sidebar'),
  blog('/blog-standard-right-sidebar', 'standard-right-sidebar'),
  blog('/blog-standard-left-sidebar', 'standard-left-sidebar'),
  blog('/blog-details', 'details'),
];

export const shellRoutes: readonly ShellRouteDef[] = [{ path: '/error', shellPage: 'not-found' }];

/** Correctly spelt aliases redirect to the spec's spellings, which stay the canonical routes. */
export const redirects: Readonly<Record<string, string>> = {
  '/shop/wishlist': '/shop/whistlist',
  '/blog-masonry': '/blog-masonary',
  '/home': '/',
  '/accueil': '/',
};

/** Paths without a breadcrumb (spec, "Layout"). */
export const pathsWithoutBreadcrumb: ReadonlySet<string> = new Set(['/', '/index2']);

/** The /index2 variant: the frame's alternative header and footer and the `style-2` body class. */
export const STYLE_2_PATHS: ReadonlySet<string> = new Set(['/index2']);

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

function matches(pattern: string, pathname: string): boolean {
  const a = pattern.split('/');
  const b = pathname.split('/');
  return a.length === b.length && a.every((part, i) => (part.startsWith(':') ? (b[i] ?? '') !== '' : part === b[i]));
}

/** Whether the shop serves this path (the server answers 404 otherwise). Redirect sources count as known. */
export function isKnownPath(pathname: string): boolean {
  const path = normalise(pathname);
  return (
    routeTable.some((r) => matches(r.path, path)) ||
    shellRoutes.some((r) => r.path === path) ||
    Object.hasOwn(redirects, path)
  );
}
