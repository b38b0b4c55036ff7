import type { ComponentType, ReactNode } from 'react';
import type { ShopLocale } from './locales';
import type { Category } from './products';
import type { RemoteName } from './remotes';

/**
 * What the shell hands every part (decision 036): the page's language, read from its URL. A part shows its own words in
 * it (contracts' part-messages) and asks the API for the catalogue in it.
 */
export interface PartProps {
  locale: ShopLocale;
}

/** `mf_frame/Header`: announcement bar, header, mobile menu. The shell fills `cartSlot` with `mf_cart/CartDropdown`. */
export interface HeaderProps extends PartProps {
  cartSlot: ReactNode;
  /** `alt` is the /index2 variant. */
  variant?: 'default' | 'alt';
}

/** `mf_frame/Footer`. */
export interface FooterProps extends PartProps {
  variant?: 'default' | 'alt';
}

/** Every page and cart component talks to cart-service at `apiBase` ('' = same origin, behind the shell's proxy). */
interface ApiProps extends PartProps {
  apiBase?: string;
}

/** `mf_cart/CartDropdown`: the cart button, its badge and its dropdown. */
export type CartDropdownProps = ApiProps;

/** `mf_cart/CartPage`: the full cart page (/shop/cart), same data and rules as the dropdown. */
export type CartPageProps = ApiProps;

/** `mf_cart/CartLines`: the editable lines and total, for pages of other remotes (the checkout). */
export type CartLinesProps = ApiProps;

/** `mf_catalog_pages/HomePage`. */
export type HomePageProps = ApiProps;

/** `mf_catalog_pages/CategoryPage`. */
export interface CategoryPageProps extends ApiProps {
  /** `all` lists every category. */
  category: Category | 'all';
}

/** `mf_catalog_pages/ProductPage`: /shop/product/:slug. */
export interface ProductPageProps extends ApiProps {
  slug: string;
  /** The shell's 404 page, shown for an unknown slug. */
  notFound: ReactNode;
}

/** `mf_catalog_pages/CheckoutPage`. The shell fills `cartLines` with `mf_cart/CartLines`. */
export interface CheckoutPageProps extends ApiProps {
  cartLines: ReactNode;
}

/**
 * `mf_catalog_pages/OrderConfirmationPage`: /shop/order/:number, where the checkout leads once the order is placed.
 * Only the visitor who placed the order can read it (`GET /api/orders/:number`); anyone else sees `notFound`.
 */
export interface OrderConfirmationPageProps extends ApiProps {
  number: string;
  notFound: ReactNode;
}

/** Template listing layouts over the real catalogue (spec section 2: /shop, /shop/right-sidebar, ..., /load-more, /infinity, /category). */
export type ListingLayout =
  | 'shop'
  | 'right-sidebar'
  | 'left-sidebar'
  | 'category-on-top'
  | 'standard'
  | 'slider'
  | 'full-width'
  | 'filter-top'
  | 'filter-dropdown'
  | 'load-more'
  | 'infinity'
  | 'category';

/** `mf_catalog_pages/ListingPage`. */
export interface ListingPageProps extends ApiProps {
  layout: ListingLayout;
}

/** Product-page layouts of a featured product (/shop/quick-view, /shop/double-image, ...). */
export type ProductLayout =
  | 'quick-view'
  | 'double-image'
  | 'video-popup'
  | 'countdown'
  | 'size-variation'
  | 'notify-me'
  | 'low-stock-notice'
  | 'out-of-stock'
  | 'default'
  | 'accordion'
  | 'vertical'
  | 'full-content'
  | 'thumb-left'
  | 'thumb-bottom'
  | 'full-width'
  | 'scroll-1-column'
  | 'gallery-grid';

/** `mf_catalog_pages/FeaturedProductPage`. */
export interface FeaturedProductPageProps extends ApiProps {
  layout: ProductLayout;
}

/** Blog layouts (/blog-grid, /blog-masonary, ..., /blog-details). */
export type BlogLayout =
  | 'grid'
  | 'masonry'
  | 'grid-right-sidebar'
  | 'grid-left-sidebar'
  | 'standard-right-sidebar'
  | 'standard-left-sidebar'
  | 'details';

/** `mf_catalog_pages/BlogPage`. */
export interface BlogPageProps extends ApiProps {
  layout: BlogLayout;
}

/** Content pages (/about-us, /our-brand, /gift-card, /faq, /contact, /shop-list, /my-account, /order-tracking). */
export type ContentPageId =
  | 'about-us'
  | 'our-brand'
  | 'gift-card'
  | 'faq'
  | 'contact'
  | 'shop-list'
  | 'my-account'
  | 'order-tracking';

/** `mf_catalog_pages/ContentPage`. */
export interface ContentPageProps extends ApiProps {
  page: ContentPageId;
}

/** `mf_catalog_pages/WishlistPage`: /shop/whistlist, the wishlist kept in the browser. */
export type WishlistPageProps = ApiProps;

/**
 * What each exposed module's default export is, keyed by its federation id. A component may suspend (a chunk of its
 * own, React.lazy) but holds no Suspense boundary: the shell's slot is the part's one boundary, so a server-rendered
 * part hydrates in one piece and the shell knows when the page is interactive (lint: no Suspense in a remote's parts).
 */
export interface ExposedModules {
  'mf_frame/Header': { default: ComponentType<HeaderProps> };
  'mf_frame/Footer': { default: ComponentType<FooterProps> };
  'mf_cart/CartDropdown': { default: ComponentType<CartDropdownProps> };
  'mf_cart/CartPage': { default: ComponentType<CartPageProps> };
  'mf_cart/CartLines': { default: ComponentType<CartLinesProps> };
  'mf_catalog_pages/HomePage': { default: ComponentType<HomePageProps> };
  'mf_catalog_pages/CategoryPage': { default: ComponentType<CategoryPageProps> };
  'mf_catalog_pages/ProductPage': { default: ComponentType<ProductPageProps> };
  'mf_catalog_pages/CheckoutPage': { default: ComponentType<CheckoutPageProps> };
  'mf_catalog_pages/OrderConfirmationPage': { default: ComponentType<OrderConfirmationPageProps> };
  'mf_catalog_pages/ListingPage': { default: ComponentType<ListingPageProps> };
  'mf_catalog_pages/FeaturedProductPage': { default: ComponentType<FeaturedProductPageProps> };
  'mf_catalog_pages/BlogPage': { default: ComponentType<BlogPageProps> };
  'mf_catalog_pages/ContentPage': { default: ComponentType<ContentPageProps> };
  'mf_catalog_pages/WishlistPage': { default: ComponentType<WishlistPageProps> };
}

export type ExposedModuleId = keyof ExposedModules;

/** Every exposed module, at run time (the shell's server loads them all before it renders). */
export const EXPOSED_MODULE_IDS = [
  'mf_frame/Header',
  'mf_frame/Footer',
  'mf_cart/CartDropdown',
  'mf_cart/CartPage',
  'mf_cart/CartLines',
  'mf_catalog_pages/HomePage',
  'mf_catalog_pages/CategoryPage',
  'mf_catalog_pages/ProductPage',
  'mf_catalog_pages/CheckoutPage',
  'mf_catalog_pages/OrderConfirmationPage',
  'mf_catalog_pages/ListingPage',
  'mf_catalog_pages/FeaturedProductPage',
  'mf_catalog_pages/BlogPage',
  'mf_catalog_pages/ContentPage',
  'mf_catalog_pages/WishlistPage',
] as const satisfies readonly ExposedModuleId[];

/** The remote that exposes a module (`mf_cart/CartDropdown` → `mf_cart`). */
export function remoteOf(id: ExposedModuleId): RemoteName {
  return id.slice(0, id.indexOf('/')) as RemoteName;
}

// The list above names every module of ExposedModules: a missing one fails typecheck here.
type Missing = Exclude<ExposedModuleId, (typeof EXPOSED_MODULE_IDS)[number]>;
const everyModuleListed: [Missing] extends [never] ? true : Missing = true;
void everyModuleListed;
