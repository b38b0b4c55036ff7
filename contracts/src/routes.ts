import type { ComponentProps } from 'react';
import type {
  BlogLayout,
  ContentPageId,
  ExposedModuleId,
  ExposedModules,
  ListingLayout,
  ProductLayout,
} from './exposes';

/**
 * The shop's one route table (spec, section 2, with its spellings): path → exposed module and its props, breadcrumb
 * label, URL parameter, and whether the page shows mf_cart's cart lines. The shell's router, the shell's server (404
 * for anything else), the breadcrumb, the fallbacks, the remotes' harnesses and the frame's navigation all read it, and
 * `ShopHref` turns it into a type: a link to a path that is not here fails `typecheck`. Adding a page is one line here
 * plus the page itself (README, "Adding a page").
 */

/** Props the shell fills in itself: the cart-lines slot, the URL parameter, its own 404 page. */
type ShellFilledProps = 'cartLines' | 'slug' | 'number' | 'notFound';

export type RouteProps<Id extends ExposedModuleId> = Omit<ComponentProps<ExposedModules[Id]['default']>, ShellFilledProps>;

/** The URL parameters a page takes from its path (the shell passes them as props of the same name). */
export type RouteParam = 'slug' | 'number';

export interface PageRoute<Path extends string = string, Id extends ExposedModuleId = ExposedModuleId> {
  path: Path;
  module: Id;
  props: RouteProps<Id>;
  /** The breadcrumb's label for this page; a page with a URL parameter is named by it (or by what it shows). */
  label?: string;
  param?: RouteParam;
  /** The page renders `mf_cart/CartLines` in its `cartLines` slot (the checkout), so both load together. */
  cartLines?: boolean;
  /**
   * The page shows one shopper's own data (their cart, their order): the server renders it for that shopper, with
   * their cookies, and nobody else may be sent that answer (decision 026). Every other page is the same HTML for all.
   */
  shopper?: boolean;
}

function page<const Path extends string, Id extends ExposedModuleId>(
  path: Path,
  module: Id,
  props: RouteProps<Id>,
  label: string,
  extra: { cartLines?: boolean; shopper?: boolean } = {},
): PageRoute<Path, Id> {
  return { path, module, props, label, ...extra };
}

function withParam<const Path extends `${string}/:${RouteParam}`, Id extends ExposedModuleId>(
  path: Path,
  module: Id,
  param: RouteParam,
  extra: { shopper?: boolean } = {},
): PageRoute<Path, Id> {
  return { path, module, props: {} as RouteProps<Id>, param, ...extra };
}

const category = <const P extends string>(path: P, c: 'all' | 'face' | 'body' | 'hair' | 'pack', label: string) =>
  page(path, 'mf_catalog_pages/CategoryPage', { category: c }, label);
const listing = <const P extends string>(path: P, layout: ListingLayout, label: string) =>
  page(path, 'mf_catalog_pages/ListingPage', { layout }, label);
const featured = <const P extends string>(path: P, layout: ProductLayout, label: string) =>
  page(path, 'mf_catalog_pages/FeaturedProductPage', { layout }, label);
const blog = <const P extends string>(path: P, layout: BlogLayout, label: string) =>
  page(path, 'mf_catalog_pages/BlogPage', { layout }, label);
const content = <const P extends string>(path: P, id: ContentPageId, label: string) =>
  page(path, 'mf_catalog_pages/ContentPage', { page: id }, label);

export const pageRoutes = [
  // Routes linked from the shop frame.
  page('/', 'mf_catalog_pages/HomePage', {}, 'Accueil'),
  category('/shop/all', 'all', 'Tous les produits'),
  category('/shop/face', 'face', 'Soins du visage'),
  category('/shop/body', 'body', 'Soins du corps'),
  category('/shop/hair', 'hair', 'Soins capillaires'),
  category('/shop/pack', 'pack', 'Packs'),
  page('/shop/checkout', 'mf_catalog_pages/CheckoutPage', {}, 'Paiement', { cartLines: true, shopper: true }),
  withParam('/shop/product/:slug', 'mf_catalog_pages/ProductPage', 'slug'),
  // Where the checkout leads once the order is placed (cash on delivery).
  withParam('/shop/order/:number', 'mf_catalog_pages/OrderConfirmationPage', 'number', { shopper: true }),

  // The home variant: alternative header and footer, `style-2` body class.
  page('/index2', 'mf_catalog_pages/HomePage', {}, 'Accueil, deuxième style'),

  // Listing layouts over the real catalogue.
  listing('/shop', 'shop', 'Boutique'),
  listing('/shop/right-sidebar', 'right-sidebar', 'Barre latérale à droite'),
  listing('/shop/left-sidebar', 'left-sidebar', 'Barre latérale à gauche'),
  listing('/shop/category-on-top', 'category-on-top', 'Catégories en haut'),
  listing('/shop/standard', 'standard', 'Standard'),
  listing('/shop/slider', 'slider', 'Carrousel'),
  listing('/shop/full-width', 'full-width', 'Pleine largeur'),
  listing('/shop/filter-top', 'filter-top', 'Filtres en haut'),
  listing('/shop/filter-dropdown', 'filter-dropdown', 'Filtres déroulants'),
  listing('/load-more', 'load-more', 'Voir plus'),
  listing('/infinity', 'infinity', 'Défilement infini'),
  listing('/category', 'category', 'Catégories'),

  // Product-page layouts of a featured product.
  featured('/shop/quick-view', 'quick-view', 'Aperçu rapide'),
  featured('/shop/double-image', 'double-image', 'Double image'),
  featured('/shop/video-popup', 'video-popup', 'Vidéo'),
  featured('/shop/countdown', 'countdown', 'Compte à rebours'),
  featured('/shop/product-with-size-variation', 'size-variation', 'Choix de la contenance'),
  featured('/shop/notify-me', 'notify-me', 'Me prévenir'),
  featured('/shop/low-stock-notice', 'low-stock-notice', 'Stock limité'),
  featured('/shop/out-of-stock', 'out-of-stock', 'En rupture'),
  featured('/shop/product-default', 'default', 'Fiche produit'),
  featured('/shop/accordion', 'accordion', 'Accordéon'),
  featured('/shop/vertical', 'vertical', 'Vertical'),
  featured('/shop/full-content', 'full-content', 'Contenu complet'),
  featured('/shop/product-thumb-left', 'thumb-left', 'Miniatures à gauche'),
  featured('/shop/product-thumb-bottom', 'thumb-bottom', 'Miniatures en bas'),
  featured('/shop/product-full-width', 'full-width', 'Fiche pleine largeur'),
  featured('/shop/scroll-1-column', 'scroll-1-column', 'Défilement sur une colonne'),
  featured('/shop/gallery-grid', 'gallery-grid', 'Galerie en grille'),

  // Cart and wishlist.
  page('/shop/cart', 'mf_cart/CartPage', {}, 'Panier', { shopper: true }),
  page('/shop/whistlist', 'mf_catalog_pages/WishlistPage', {}, 'Liste d’envies'),

  // Content pages.
  content('/my-account', 'my-account', 'Mon compte'),
  content('/order-tracking', 'order-tracking', 'Suivi de commande'),
  content('/about-us', 'about-us', 'À propos'),
  content('/our-brand', 'our-brand', 'Notre marque'),
  content('/gift-card', 'gift-card', 'Carte cadeau'),
  content('/faq', 'faq', 'Questions fréquentes'),
  content('/contact', 'contact', 'Contact'),
  content('/shop-list', 'shop-list', 'Nos points de vente'),

  // Blog.
  blog('/blog-grid', 'grid', 'Blog'),
  blog('/blog-masonary', 'masonry', 'Blog (mosaïque)'),
  blog('/blog-grid-right-sidebar', 'grid-right-sidebar', 'Blog (barre à droite)'),
  blog('/blog-grid-left-sidebar', 'grid-left-sidebar', 'Blog (barre à gauche)'),
  blog('/blog-standard-right-sidebar', 'standard-right-sidebar', 'Blog standard (barre à droite)'),
  blog('/blog-standard-left-sidebar', 'standard-left-sidebar', 'Blog standard (barre à gauche)'),
  blog('/blog-details', 'details', 'Article'),
] as const satisfies readonly PageRoute[];

/** Pages the shell renders itself: its 404 page (also the template's /error). */
export const shellRoutes = [{ path: '/error', shellPage: 'not-found', label: 'Page introuvable' }] as const;

/** Correctly spelt aliases redirect to the spec's spellings, which stay the canonical routes. */
export const redirects = {
  '/shop/wishlist': '/shop/whistlist',
  '/blog-masonry': '/blog-masonary',
  '/home': '/',
  '/accueil': '/',
} as const satisfies Record<string, CanonicalPath>;

/** Path prefixes that are not pages but stand in a breadcrumb: their label, and the page that lists their children. */
export const breadcrumbOnly: Readonly<Record<string, { label: string; to?: ShopPath }>> = {
  '/shop/product': { label: 'Produits', to: '/shop/all' },
  '/shop/order': { label: 'Commande' },
};

/** Pages without a breadcrumb (spec, "Layout"). */
export const PATHS_WITHOUT_BREADCRUMB: ReadonlySet<string> = new Set<ShopPath>(['/', '/index2']);

/** The /index2 variant: the frame's alternative header and footer and the `style-2` body class. */
export const STYLE_2_PATHS: ReadonlySet<string> = new Set<ShopPath>(['/index2']);

export type PageRouteDef = (typeof pageRoutes)[number];
export type RoutePattern = PageRouteDef['path'];

/** A pattern's concrete paths: `/shop/product/:slug` → `/shop/product/${string}`. */
type Concrete<P extends string> = P extends `${infer Head}:${string}/${infer Tail}`
  ? `${Head}${string}/${Concrete<Tail>}`
  : P extends `${infer Head}:${string}`
    ? `${Head}${string}`
    : P;

/** Every path the shop answers with a page. */
export type CanonicalPath = Concrete<RoutePattern> | (typeof shellRoutes)[number]['path'];

/** Every path the shop answers: a page, or an alias that redirects to one. */
export type ShopPath = CanonicalPath | keyof typeof redirects;

/** What a link may point to: a shop path, with a query or a fragment. */
export type ShopHref = ShopPath | `${ShopPath}?${string}` | `${ShopPath}#${string}`;

type PatternWithParam = Extract<RoutePattern, `${string}:${string}`>;

/** A page with a URL parameter, filled in and encoded: `pathTo('/shop/product/:slug', 'huile-argan')`. */
export function pathTo<P extends PatternWithParam>(pattern: P, value: string): Concrete<P> {
  return pattern.replace(/:[a-z]+$/, encodeURIComponent(value)) as Concrete<P>;
}
