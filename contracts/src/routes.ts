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

// Each entry is marked pure: a package that imports only `pathTo` or a type from here (every remote does, for its
// links) leaves the table out of its bundle instead of shipping ~3.7 kB of it (decision 028).
export const pageRoutes = [
  // Routes linked from the shop frame.
  /* @__PURE__ */ page('/', 'mf_catalog_pages/HomePage', {}, 'Accueil'),
  /* @__PURE__ */ category('/shop/all', 'all', 'Tous les produits'),
  /* @__PURE__ */ category('/shop/face', 'face', 'Soins du visage'),
  /* @__PURE__ */ category('/shop/body', 'body', 'Soins du corps'),
  /* @__PURE__ */ category('/shop/hair', 'hair', 'Soins capillaires'),
  /* @__PURE__ */ category('/shop/pack', 'pack', 'Packs'),
  /* @__PURE__ */ page('/shop/checkout', 'mf_catalog_pages/CheckoutPage', {}, 'Paiement', { cartLines: true, shopper: true }),
  /* @__PURE__ */ withParam('/shop/product/:slug', 'mf_catalog_pages/ProductPage', 'slug'),
  // Where the checkout leads once the order is placed (cash on delivery).
  /* @__PURE__ */ withParam('/shop/order/:number', 'mf_catalog_pages/OrderConfirmationPage', 'number', { shopper: true }),

  // The home variant: alternative header and footer, `style-2` body class.
  /* @__PURE__ */ page('/index2', 'mf_catalog_pages/HomePage', {}, 'Accueil, deuxième style'),

  // Listing layouts over the real catalogue.
  /* @__PURE__ */ listing('/shop', 'shop', 'Boutique'),
  /* @__PURE__ */ listing('/shop/right-sidebar', 'right-sidebar', 'Barre latérale à droite'),
  /* @__PURE__ */ listing('/shop/left-sidebar', 'left-sidebar', 'Barre latérale à gauche'),
  /* @__PURE__ */ listing('/shop/category-on-top', 'category-on-top', 'Catégories en haut'),
  /* @__PURE__ */ listing('/shop/standard', 'standard', 'Standard'),
  /* @__PURE__ */ listing('/shop/slider', 'slider', 'Carrousel'),
  /* @__PURE__ */ listing('/shop/full-width', 'full-width', 'Pleine largeur'),
  /* @__PURE__ */ listing('/shop/filter-top', 'filter-top', 'Filtres en haut'),
  /* @__PURE__ */ listing('/shop/filter-dropdown', 'filter-dropdown', 'Filtres déroulants'),
  /* @__PURE__ */ listing('/load-more', 'load-more', 'Voir plus'),
  /* @__PURE__ */ listing('/infinity', 'infinity', 'Défilement infini'),
  /* @__PURE__ */ listing('/category', 'category', 'Catégories'),

  // Product-page layouts of a featured product.
  /* @__PURE__ */ featured('/shop/quick-view', 'quick-view', 'Aperçu rapide'),
  /* @__PURE__ */ featured('/shop/double-image', 'double-image', 'Double image'),
  /* @__PURE__ */ featured('/shop/video-popup', 'video-popup', 'Vidéo'),
  /* @__PURE__ */ featured('/shop/countdown', 'countdown', 'Compte à rebours'),
  /* @__PURE__ */ featured('/shop/product-with-size-variation', 'size-variation', 'Choix de la contenance'),
  /* @__PURE__ */ featured('/shop/notify-me', 'notify-me', 'Me prévenir'),
  /* @__PURE__ */ featured('/shop/low-stock-notice', 'low-stock-notice', 'Stock limité'),
  /* @__PURE__ */ featured('/shop/out-of-stock', 'out-of-stock', 'En rupture'),
  /* @__PURE__ */ featured('/shop/product-default', 'default', 'Fiche produit'),
  /* @__PURE__ */ featured('/shop/accordion', 'accordion', 'Accordéon'),
  /* @__PURE__ */ featured('/shop/vertical', 'vertical', 'Vertical'),
  /* @__PURE__ */ featured('/shop/full-content', 'full-content', 'Contenu complet'),
  /* @__PURE__ */ featured('/shop/product-thumb-left', 'thumb-left', 'Miniatures à gauche'),
  /* @__PURE__ */ featured('/shop/product-thumb-bottom', 'thumb-bottom', 'Miniatures en bas'),
  /* @__PURE__ */ featured('/shop/product-full-width', 'full-width', 'Fiche pleine largeur'),
  /* @__PURE__ */ featured('/shop/scroll-1-column', 'scroll-1-column', 'Défilement sur une colonne'),
  /* @__PURE__ */ featured('/shop/gallery-grid', 'gallery-grid', 'Galerie en grille'),

  // Cart and wishlist.
  /* @__PURE__ */ page('/shop/cart', 'mf_cart/CartPage', {}, 'Panier', { shopper: true }),
  /* @__PURE__ */ page('/shop/whistlist', 'mf_catalog_pages/WishlistPage', {}, 'Liste d’envies'),

  // Content pages.
  /* @__PURE__ */ content('/my-account', 'my-account', 'Mon compte'),
  /* @__PURE__ */ content('/order-tracking', 'order-tracking', 'Suivi de commande'),
  /* @__PURE__ */ content('/about-us', 'about-us', 'À propos'),
  /* @__PURE__ */ content('/our-brand', 'our-brand', 'Notre marque'),
  /* @__PURE__ */ content('/gift-card', 'gift-card', 'Carte cadeau'),
  /* @__PURE__ */ content('/faq', 'faq', 'Questions fréquentes'),
  /* @__PURE__ */ content('/contact', 'contact', 'Contact'),
  /* @__PURE__ */ content('/shop-list', 'shop-list', 'Nos points de vente'),

  // Blog.
  /* @__PURE__ */ blog('/blog-grid', 'grid', 'Blog'),
  /* @__PURE__ */ blog('/blog-masonary', 'masonry', 'Blog (mosaïque)'),
  /* @__PURE__ */ blog('/blog-grid-right-sidebar', 'grid-right-sidebar', 'Blog (barre à droite)'),
  /* @__PURE__ */ blog('/blog-grid-left-sidebar', 'grid-left-sidebar', 'Blog (barre à gauche)'),
  /* @__PURE__ */ blog('/blog-standard-right-sidebar', 'standard-right-sidebar', 'Blog standard (barre à droite)'),
  /* @__PURE__ */ blog('/blog-standard-left-sidebar', 'standard-left-sidebar', 'Blog standard (barre à gauche)'),
  /* @__PURE__ */ blog('/blog-details', 'details', 'Article'),
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
export const PATHS_WITHOUT_BREADCRUMB: ReadonlySet<string> = /* @__PURE__ */ new Set<ShopPath>(['/', '/index2']);

/** The /index2 variant: the frame's alternative header and footer and the `style-2` body class. */
export const STYLE_2_PATHS: ReadonlySet<string> = /* @__PURE__ */ new Set<ShopPath>(['/index2']);

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
