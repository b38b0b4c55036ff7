import type { ShopHref } from '@shop/contracts/routes';
import type { SearchCategory } from '@shop/contracts/search';
import type { MessageId } from '../../messages/messages';

/**
 * Every link of the header and footer, as data. Each `to` is a route of the shell's route table (spec, section 2),
 * with the spec's spellings (`/shop/whistlist`, `/blog-masonary`); search links use the search URL contract. Labels
 * are message ids (src/messages), shown in the page's language.
 */
export interface PageLink {
  label: MessageId;
  to: ShopHref;
}

/**
 * A search of the catalogue (`/shop/all?q=…&category=…`): its word is a message too, a word of the products' names in
 * the page's language (the listing searches the names it shows).
 */
export interface SearchLink {
  label: MessageId;
  search: { q: MessageId; category: SearchCategory };
}

export type NavLink = PageLink | SearchLink;

/** A sub-menu of a main-menu section: expands with its own plus/dash toggle, one open at a time. */
export interface MenuGroup {
  id: string;
  label: MessageId;
  links: readonly PageLink[];
}

/** A main-menu section: its own link plus a panel of links and/or sub-menus. */
export interface MenuSection {
  id: string;
  label: MessageId;
  to: ShopHref;
  links: readonly NavLink[];
  groups: readonly MenuGroup[];
}

export const mainMenu: readonly MenuSection[] = [
  {
    id: 'accueil',
    label: 'nav.home',
    to: '/',
    links: [
      { label: 'nav.home.page', to: '/' },
      { label: 'nav.home.index2', to: '/index2' },
      { label: 'page.brand', to: '/our-brand' },
      { label: 'page.about', to: '/about-us' },
    ],
    groups: [],
  },
  {
    id: 'visage',
    label: 'nav.face',
    to: '/shop/face',
    links: [
      { label: 'nav.face.all', to: '/shop/face' },
      { label: 'nav.face.serums', search: { q: 'search.word.serum', category: 'face' } },
      { label: 'nav.face.creams', search: { q: 'search.word.cream', category: 'face' } },
      { label: 'nav.face.masks', search: { q: 'search.word.mask', category: 'face' } },
      { label: 'nav.face.pack', to: '/shop/product/pack-eclat-visage' },
    ],
    groups: [],
  },
  {
    id: 'corps',
    label: 'nav.body',
    to: '/shop/body',
    links: [
      { label: 'nav.body.all', to: '/shop/body' },
      { label: 'nav.body.oils', search: { q: 'search.word.oil', category: 'body' } },
      { label: 'nav.body.scrubs', search: { q: 'search.word.scrub', category: 'body' } },
      { label: 'nav.body.pack', to: '/shop/product/pack-rituel-hammam' },
    ],
    groups: [],
  },
  {
    id: 'cheveux',
    label: 'nav.hair',
    to: '/shop/hair',
    links: [
      { label: 'nav.hair.all', to: '/shop/hair' },
      { label: 'nav.hair.shampoos', search: { q: 'search.word.shampoo', category: 'hair' } },
      { label: 'nav.hair.oils', search: { q: 'search.word.oil', category: 'hair' } },
      { label: 'nav.hair.masks', search: { q: 'search.word.mask', category: 'hair' } },
    ],
    groups: [],
  },
  {
    id: 'pack',
    label: 'nav.pack',
    to: '/shop/pack',
    links: [
      { label: 'nav.pack.all', to: '/shop/pack' },
      { label: 'nav.pack.giftBox', to: '/shop/product/coffret-cadeau-argan' },
      { label: 'page.giftCard', to: '/gift-card' },
    ],
    groups: [],
  },
  {
    id: 'shop',
    label: 'nav.shop',
    to: '/shop/all',
    links: [{ label: 'page.allProducts', to: '/shop/all' }],
    groups: [
      {
        id: 'shop-listes',
        label: 'nav.shop.listings',
        links: [
          { label: 'nav.shop.listings.shop', to: '/shop' },
          { label: 'nav.shop.listings.rightSidebar', to: '/shop/right-sidebar' },
          { label: 'nav.shop.listings.leftSidebar', to: '/shop/left-sidebar' },
          { label: 'nav.shop.listings.categoryOnTop', to: '/shop/category-on-top' },
          { label: 'nav.shop.listings.standard', to: '/shop/standard' },
          { label: 'nav.shop.listings.slider', to: '/shop/slider' },
          { label: 'nav.shop.listings.fullWidth', to: '/shop/full-width' },
          { label: 'nav.shop.listings.filterTop', to: '/shop/filter-top' },
          { label: 'nav.shop.listings.filterDropdown', to: '/shop/filter-dropdown' },
          { label: 'nav.shop.listings.loadMore', to: '/load-more' },
          { label: 'nav.shop.listings.infinity', to: '/infinity' },
          { label: 'nav.shop.listings.category', to: '/category' },
        ],
      },
      {
        id: 'shop-fiches',
        label: 'nav.shop.products',
        links: [
          { label: 'nav.shop.products.default', to: '/shop/product-default' },
          { label: 'nav.shop.products.quickView', to: '/shop/quick-view' },
          { label: 'nav.shop.products.doubleImage', to: '/shop/double-image' },
          { label: 'nav.shop.products.video', to: '/shop/video-popup' },
          { label: 'nav.shop.products.countdown', to: '/shop/countdown' },
          { label: 'nav.shop.products.sizes', to: '/shop/product-with-size-variation' },
          { label: 'nav.shop.products.notifyMe', to: '/shop/notify-me' },
          { label: 'nav.shop.products.lowStock', to: '/shop/low-stock-notice' },
          { label: 'nav.shop.products.outOfStock', to: '/shop/out-of-stock' },
          { label: 'nav.shop.products.accordion', to: '/shop/accordion' },
          { label: 'nav.shop.products.vertical', to: '/shop/vertical' },
          { label: 'nav.shop.products.fullContent', to: '/shop/full-content' },
          { label: 'nav.shop.products.thumbLeft', to: '/shop/product-thumb-left' },
          { label: 'nav.shop.products.thumbBottom', to: '/shop/product-thumb-bottom' },
          { label: 'nav.shop.products.fullWidth', to: '/shop/product-full-width' },
          { label: 'nav.shop.products.scroll', to: '/shop/scroll-1-column' },
          { label: 'nav.shop.products.galleryGrid', to: '/shop/gallery-grid' },
        ],
      },
      {
        id: 'shop-pages',
        label: 'nav.shop.pages',
        links: [
          { label: 'page.cart', to: '/shop/cart' },
          { label: 'nav.shop.pages.checkout', to: '/shop/checkout' },
          { label: 'page.wishlist', to: '/shop/whistlist' },
          { label: 'page.account', to: '/my-account' },
          { label: 'page.tracking', to: '/order-tracking' },
          { label: 'page.giftCard', to: '/gift-card' },
          { label: 'page.stores', to: '/shop-list' },
          { label: 'page.faq', to: '/faq' },
          { label: 'page.contact', to: '/contact' },
        ],
      },
      {
        id: 'shop-blog',
        label: 'page.blog',
        links: [
          { label: 'nav.shop.blog.grid', to: '/blog-grid' },
          { label: 'nav.shop.blog.masonry', to: '/blog-masonary' },
          { label: 'nav.shop.blog.gridRight', to: '/blog-grid-right-sidebar' },
          { label: 'nav.shop.blog.gridLeft', to: '/blog-grid-left-sidebar' },
          { label: 'nav.shop.blog.standardRight', to: '/blog-standard-right-sidebar' },
          { label: 'nav.shop.blog.standardLeft', to: '/blog-standard-left-sidebar' },
          { label: 'nav.shop.blog.details', to: '/blog-details' },
        ],
      },
    ],
  },
];

/** The header's category dropdown (spec, "Header"; its French corrected, decision 008). */
export const categoryMenu: readonly PageLink[] = [
  { label: 'categories.home', to: '/' },
  { label: 'categories.face', to: '/shop/face' },
  { label: 'categories.body', to: '/shop/body' },
  { label: 'categories.hair', to: '/shop/hair' },
];

export { wishlistPath } from './wishlist-path';

export const footerCategories: readonly PageLink[] = [
  { label: 'footer.face', to: '/shop/face' },
  { label: 'footer.body', to: '/shop/body' },
  { label: 'footer.hair', to: '/shop/hair' },
  { label: 'footer.packs', to: '/shop/pack' },
  { label: 'page.allProducts', to: '/shop/all' },
];

export const footerSupport: readonly PageLink[] = [
  { label: 'page.faq', to: '/faq' },
  { label: 'page.contact', to: '/contact' },
  { label: 'page.tracking', to: '/order-tracking' },
  { label: 'page.account', to: '/my-account' },
  { label: 'page.cart', to: '/shop/cart' },
];

export const footerCompany: readonly PageLink[] = [
  { label: 'page.about', to: '/about-us' },
  { label: 'page.brand', to: '/our-brand' },
  { label: 'page.stores', to: '/shop-list' },
  { label: 'page.blog', to: '/blog-grid' },
  { label: 'page.giftCard', to: '/gift-card' },
];
