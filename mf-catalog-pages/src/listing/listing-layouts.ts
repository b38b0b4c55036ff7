import type { ListingLayout } from '@shop/contracts/exposes';
import type { FilterPlacement } from './filter-panel';
import type { CardView } from '../shared/product-card/product-card';
import type { MessageId } from '../shared/page-text';

export interface ListingLayoutConfig {
  /** Messages. */
  title: MessageId;
  intro: MessageId;
  /** `products`: one listing; `slider`: one carousel per category; `categories`: the categories first. */
  kind: 'products' | 'slider' | 'categories';
  filters?: { placement: FilterPlacement; side?: 'left' | 'right' };
  categoryChips?: boolean;
  view?: CardView;
  wide?: boolean;
  /** How the next pages come: « Voir plus », or as the shopper scrolls (the same link stays, for keyboards). */
  pagination?: 'load-more' | 'infinite';
  /** Products per page, the API's default unless said otherwise. */
  pageSize?: number;
}

/** The template's listing layouts, each a real page of the catalogue, read a page at a time. */
export const listingLayouts: Record<ListingLayout, ListingLayoutConfig> = {
  shop: {
    title: 'listing.layout.shop.title',
    intro: 'listing.layout.shop.intro',
    kind: 'products',
    filters: { placement: 'sidebar', side: 'left' },
  },
  'right-sidebar': {
    title: 'listing.layout.right-sidebar.title',
    intro: 'listing.layout.right-sidebar.intro',
    kind: 'products',
    filters: { placement: 'sidebar', side: 'right' },
  },
  'left-sidebar': {
    title: 'listing.layout.left-sidebar.title',
    intro: 'listing.layout.left-sidebar.intro',
    kind: 'products',
    filters: { placement: 'sidebar', side: 'left' },
  },
  'category-on-top': {
    title: 'listing.layout.category-on-top.title',
    intro: 'listing.layout.category-on-top.intro',
    kind: 'products',
    categoryChips: true,
  },
  standard: {
    title: 'listing.layout.standard.title',
    intro: 'listing.layout.standard.intro',
    kind: 'products',
    view: 'list',
  },
  slider: {
    title: 'listing.layout.slider.title',
    intro: 'listing.layout.slider.intro',
    kind: 'slider',
  },
  'full-width': {
    title: 'listing.layout.full-width.title',
    intro: 'listing.layout.full-width.intro',
    kind: 'products',
    wide: true,
  },
  'filter-top': {
    title: 'listing.layout.filter-top.title',
    intro: 'listing.layout.filter-top.intro',
    kind: 'products',
    filters: { placement: 'top' },
  },
  'filter-dropdown': {
    title: 'listing.layout.filter-dropdown.title',
    intro: 'listing.layout.filter-dropdown.intro',
    kind: 'products',
    filters: { placement: 'dropdown' },
  },
  'load-more': {
    title: 'listing.layout.load-more.title',
    intro: 'listing.layout.load-more.intro',
    kind: 'products',
    pageSize: 8,
  },
  infinity: {
    title: 'listing.layout.infinity.title',
    intro: 'listing.layout.infinity.intro',
    kind: 'products',
    pagination: 'infinite',
    pageSize: 8,
  },
  category: {
    title: 'listing.layout.category.title',
    intro: 'listing.layout.category.intro',
    kind: 'categories',
  },
};
