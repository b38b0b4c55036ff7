import type { ComponentProps } from 'react';
import type { Localized } from './locales';
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
 * plus the page itself (docs/contributing.md, "Adding a page").
 */

/** Props the shell fills in itself: the page's language, the cart-lines slot, the URL parameter, its own 404 page. */
type ShellFilledProps = 'locale' | 'cartLines' | 'slug' | 'number' | 'notFound';

export type RouteProps<Id extends ExposedModuleId> = Omit<ComponentProps<ExposedModules[Id]['default']>, ShellFilledProps>;

/** The URL parameters a page takes from its path (the shell passes them as props of the same name). */
export type RouteParam = 'slug' | 'number';

export interface PageRoute<Path extends string = string, Id extends ExposedModuleId = ExposedModuleId> {
  path: Path;
  module: Id;
  props: RouteProps<Id>;
  /** The breadcrumb's label for this page in each language; a page with a URL parameter is named by what it shows. */
  label?: Localized;
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
  label: Localized,
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

const category = <const P extends string>(path: P, c: 'all' | 'face' | 'body' | 'hair' | 'pack', label: Localized) =>
  page(path, 'mf_catalog_pages/CategoryPage', { category: c }, label);
const listing = <const P extends string>(path: P, layout: ListingLayout, label: Localized) =>
  page(path, 'mf_catalog_pages/ListingPage', { layout }, label);
const featured = <const P extends string>(path: P, layout: ProductLayout, label: Localized) =>
  page(path, 'mf_catalog_pages/FeaturedProductPage', { layout }, label);
const blog = <const P extends string>(path: P, layout: BlogLayout, label: Localized) =>
  page(path, 'mf_catalog_pages/BlogPage', { layout }, label);
const content = <const P extends string>(path: P, id: ContentPageId, label: Localized) =>
  page(path, 'mf_catalog_pages/ContentPage', { page: id }, label);

// Each entry is marked pure: a package that imports only `pathTo` or a type from here (every remote does, for its
// links) leaves the table out of its bundle instead of shipping ~3.7 kB of it (decision 028).
export const pageRoutes = [
  // Routes linked from the shop frame.
  /* @__PURE__ */ page('/', 'mf_catalog_pages/HomePage', {}, { 'fr-MA': 'Accueil', 'ar-MA': 'الرئيسية' }),
  /* @__PURE__ */ category('/shop/all', 'all', { 'fr-MA': 'Tous les produits', 'ar-MA': 'جميع المنتجات' }),
  /* @__PURE__ */ category('/shop/face', 'face', { 'fr-MA': 'Soins du visage', 'ar-MA': 'العناية بالوجه' }),
  /* @__PURE__ */ category('/shop/body', 'body', { 'fr-MA': 'Soins du corps', 'ar-MA': 'العناية بالجسم' }),
  /* @__PURE__ */ category('/shop/hair', 'hair', { 'fr-MA': 'Soins capillaires', 'ar-MA': 'العناية بالشعر' }),
  /* @__PURE__ */ category('/shop/pack', 'pack', { 'fr-MA': 'Packs', 'ar-MA': 'المجموعات' }),
  /* @__PURE__ */ page('/shop/checkout', 'mf_catalog_pages/CheckoutPage', {}, { 'fr-MA': 'Paiement', 'ar-MA': 'الدفع' }, { cartLines: true, shopper: true }),
  /* @__PURE__ */ withParam('/shop/product/:slug', 'mf_catalog_pages/ProductPage', 'slug'),
  // Where the checkout leads once the order is placed (cash on delivery).
  /* @__PURE__ */ withParam('/shop/order/:number', 'mf_catalog_pages/OrderConfirmationPage', 'number', { shopper: true }),

  // The home variant: alternative header and footer, `style-2` body class.
  /* @__PURE__ */ page('/index2', 'mf_catalog_pages/HomePage', {}, { 'fr-MA': 'Accueil, deuxième style', 'ar-MA': 'الرئيسية، النمط الثاني' }),

  // Listing layouts over the real catalogue.
  /* @__PURE__ */ listing('/shop', 'shop', { 'fr-MA': 'Boutique', 'ar-MA': 'المتجر' }),
  /* @__PURE__ */ listing('/shop/right-sidebar', 'right-sidebar', { 'fr-MA': 'Barre latérale à droite', 'ar-MA': 'الشريط الجانبي على اليمين' }),
  /* @__PURE__ */ listing('/shop/left-sidebar', 'left-sidebar', { 'fr-MA': 'Barre latérale à gauche', 'ar-MA': 'الشريط الجانبي على اليسار' }),
  /* @__PURE__ */ listing('/shop/category-on-top', 'category-on-top', { 'fr-MA': 'Catégories en haut', 'ar-MA': 'الفئات في الأعلى' }),
  /* @__PURE__ */ listing('/shop/standard', 'standard', { 'fr-MA': 'Standard', 'ar-MA': 'العرض القياسي' }),
  /* @__PURE__ */ listing('/shop/slider', 'slider', { 'fr-MA': 'Carrousel', 'ar-MA': 'العرض المتحرك' }),
  /* @__PURE__ */ listing('/shop/full-width', 'full-width', { 'fr-MA': 'Pleine largeur', 'ar-MA': 'العرض الكامل' }),
  /* @__PURE__ */ listing('/shop/filter-top', 'filter-top', { 'fr-MA': 'Filtres en haut', 'ar-MA': 'عوامل التصفية في الأعلى' }),
  /* @__PURE__ */ listing('/shop/filter-dropdown', 'filter-dropdown', { 'fr-MA': 'Filtres déroulants', 'ar-MA': 'عوامل التصفية المنسدلة' }),
  /* @__PURE__ */ listing('/load-more', 'load-more', { 'fr-MA': 'Voir plus', 'ar-MA': 'عرض المزيد' }),
  /* @__PURE__ */ listing('/infinity', 'infinity', { 'fr-MA': 'Défilement infini', 'ar-MA': 'التمرير اللانهائي' }),
  /* @__PURE__ */ listing('/category', 'category', { 'fr-MA': 'Catégories', 'ar-MA': 'الفئات' }),

  // Product-page layouts of a featured product.
  /* @__PURE__ */ featured('/shop/quick-view', 'quick-view', { 'fr-MA': 'Aperçu rapide', 'ar-MA': 'نظرة سريعة' }),
  /* @__PURE__ */ featured('/shop/double-image', 'double-image', { 'fr-MA': 'Double image', 'ar-MA': 'صورتان' }),
  /* @__PURE__ */ featured('/shop/video-popup', 'video-popup', { 'fr-MA': 'Vidéo', 'ar-MA': 'فيديو' }),
  /* @__PURE__ */ featured('/shop/countdown', 'countdown', { 'fr-MA': 'Compte à rebours', 'ar-MA': 'العد التنازلي' }),
  /* @__PURE__ */ featured('/shop/product-with-size-variation', 'size-variation', { 'fr-MA': 'Choix de la contenance', 'ar-MA': 'اختيار الحجم' }),
  /* @__PURE__ */ featured('/shop/notify-me', 'notify-me', { 'fr-MA': 'Me prévenir', 'ar-MA': 'أعلمني عند التوفر' }),
  /* @__PURE__ */ featured('/shop/low-stock-notice', 'low-stock-notice', { 'fr-MA': 'Stock limité', 'ar-MA': 'كمية محدودة' }),
  /* @__PURE__ */ featured('/shop/out-of-stock', 'out-of-stock', { 'fr-MA': 'En rupture', 'ar-MA': 'نفد من المخزون' }),
  /* @__PURE__ */ featured('/shop/product-default', 'default', { 'fr-MA': 'Fiche produit', 'ar-MA': 'صفحة المنتج' }),
  /* @__PURE__ */ featured('/shop/accordion', 'accordion', { 'fr-MA': 'Accordéon', 'ar-MA': 'الأقسام القابلة للطي' }),
  /* @__PURE__ */ featured('/shop/vertical', 'vertical', { 'fr-MA': 'Vertical', 'ar-MA': 'العرض العمودي' }),
  /* @__PURE__ */ featured('/shop/full-content', 'full-content', { 'fr-MA': 'Contenu complet', 'ar-MA': 'المحتوى الكامل' }),
  /* @__PURE__ */ featured('/shop/product-thumb-left', 'thumb-left', { 'fr-MA': 'Miniatures à gauche', 'ar-MA': 'الصور المصغرة على اليسار' }),
  /* @__PURE__ */ featured('/shop/product-thumb-bottom', 'thumb-bottom', { 'fr-MA': 'Miniatures en bas', 'ar-MA': 'الصور المصغرة في الأسفل' }),
  /* @__PURE__ */ featured('/shop/product-full-width', 'full-width', { 'fr-MA': 'Fiche pleine largeur', 'ar-MA': 'صفحة المنتج بالعرض الكامل' }),
  /* @__PURE__ */ featured('/shop/scroll-1-column', 'scroll-1-column', { 'fr-MA': 'Défilement sur une colonne', 'ar-MA': 'التمرير في عمود واحد' }),
  /* @__PURE__ */ featured('/shop/gallery-grid', 'gallery-grid', { 'fr-MA': 'Galerie en grille', 'ar-MA': 'معرض الصور الشبكي' }),

  // Cart and wishlist.
  /* @__PURE__ */ page('/shop/cart', 'mf_cart/CartPage', {}, { 'fr-MA': 'Panier', 'ar-MA': 'السلة' }, { shopper: true }),
  /* @__PURE__ */ page('/shop/whistlist', 'mf_catalog_pages/WishlistPage', {}, { 'fr-MA': 'Liste d’envies', 'ar-MA': 'قائمة الأمنيات' }),

  // Content pages.
  /* @__PURE__ */ content('/my-account', 'my-account', { 'fr-MA': 'Mon compte', 'ar-MA': 'حسابي' }),
  /* @__PURE__ */ content('/order-tracking', 'order-tracking', { 'fr-MA': 'Suivi de commande', 'ar-MA': 'تتبع الطلب' }),
  /* @__PURE__ */ content('/about-us', 'about-us', { 'fr-MA': 'À propos', 'ar-MA': 'من نحن' }),
  /* @__PURE__ */ content('/our-brand', 'our-brand', { 'fr-MA': 'Notre marque', 'ar-MA': 'علامتنا' }),
  /* @__PURE__ */ content('/gift-card', 'gift-card', { 'fr-MA': 'Carte cadeau', 'ar-MA': 'بطاقة الهدايا' }),
  /* @__PURE__ */ content('/faq', 'faq', { 'fr-MA': 'Questions fréquentes', 'ar-MA': 'الأسئلة الشائعة' }),
  /* @__PURE__ */ content('/contact', 'contact', { 'fr-MA': 'Contact', 'ar-MA': 'اتصل بنا' }),
  /* @__PURE__ */ content('/shop-list', 'shop-list', { 'fr-MA': 'Nos points de vente', 'ar-MA': 'نقاط البيع' }),

  // Blog.
  /* @__PURE__ */ blog('/blog-grid', 'grid', { 'fr-MA': 'Blog', 'ar-MA': 'المدونة' }),
  /* @__PURE__ */ blog('/blog-masonary', 'masonry', { 'fr-MA': 'Blog (mosaïque)', 'ar-MA': 'المدونة (فسيفساء)' }),
  /* @__PURE__ */ blog('/blog-grid-right-sidebar', 'grid-right-sidebar', { 'fr-MA': 'Blog (barre à droite)', 'ar-MA': 'المدونة (الشريط على اليمين)' }),
  /* @__PURE__ */ blog('/blog-grid-left-sidebar', 'grid-left-sidebar', { 'fr-MA': 'Blog (barre à gauche)', 'ar-MA': 'المدونة (الشريط على اليسار)' }),
  /* @__PURE__ */ blog('/blog-standard-right-sidebar', 'standard-right-sidebar', { 'fr-MA': 'Blog standard (barre à droite)', 'ar-MA': 'المدونة القياسية (الشريط على اليمين)' }),
  /* @__PURE__ */ blog('/blog-standard-left-sidebar', 'standard-left-sidebar', { 'fr-MA': 'Blog standard (barre à gauche)', 'ar-MA': 'المدونة القياسية (الشريط على اليسار)' }),
  /* @__PURE__ */ blog('/blog-details', 'details', { 'fr-MA': 'Article', 'ar-MA': 'مقال' }),
] as const satisfies readonly PageRoute[];

/** Pages the shell renders itself: its 404 page (also the template's /error). */
export const shellRoutes = [{ path: '/error', shellPage: 'not-found', label: { 'fr-MA': 'Page introuvable', 'ar-MA': 'الصفحة غير موجودة' } }] as const;

/** Correctly spelt aliases redirect to the spec's spellings, which stay the canonical routes. */
export const redirects = {
  '/shop/wishlist': '/shop/whistlist',
  '/blog-masonry': '/blog-masonary',
  '/home': '/',
  '/accueil': '/',
} as const satisfies Record<string, CanonicalPath>;

/** Path prefixes that are not pages but stand in a breadcrumb: their label, and the page that lists their children. */
export const breadcrumbOnly: Readonly<Record<string, { label: Localized; to?: ShopPath }>> = {
  '/shop/product': { label: { 'fr-MA': 'Produits', 'ar-MA': 'المنتجات' }, to: '/shop/all' },
  '/shop/order': { label: { 'fr-MA': 'Commande', 'ar-MA': 'الطلب' } },
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
