import type { ListingLayout } from '@shop/contracts/exposes';
import type { FilterPlacement } from './filter-panel';
import type { Pagination } from './product-listing';
import type { CardView } from '../shared/product-card/product-card';

export interface ListingLayoutConfig {
  title: string;
  intro: string;
  /** `products`: one listing; `slider`: one carousel per category; `categories`: the categories first. */
  kind: 'products' | 'slider' | 'categories';
  filters?: { placement: FilterPlacement; side?: 'left' | 'right' };
  categoryChips?: boolean;
  view?: CardView;
  wide?: boolean;
  pagination?: Pagination;
}

/** The template's listing layouts, each a real page over the whole catalogue. */
export const listingLayouts: Record<ListingLayout, ListingLayoutConfig> = {
  shop: {
    title: 'Boutique',
    intro: 'Tous nos soins du visage, du corps et des cheveux, et nos packs, avec leurs prix en dirhams.',
    kind: 'products',
    filters: { placement: 'sidebar', side: 'left' },
  },
  'right-sidebar': {
    title: 'Tous nos soins',
    intro: 'Affinez la sélection par catégorie, par prix ou par promotion avec les filtres à droite.',
    kind: 'products',
    filters: { placement: 'sidebar', side: 'right' },
  },
  'left-sidebar': {
    title: 'Nos soins naturels',
    intro: 'Argan, rose, rhassoul et savon noir : filtrez la gamme depuis la colonne de gauche.',
    kind: 'products',
    filters: { placement: 'sidebar', side: 'left' },
  },
  'category-on-top': {
    title: 'Nos soins par univers',
    intro: 'Choisissez un univers pour n’afficher que ses produits.',
    kind: 'products',
    categoryChips: true,
  },
  standard: {
    title: 'Le catalogue en détail',
    intro: 'Chaque produit avec sa description, pour comparer tranquillement.',
    kind: 'products',
    view: 'list',
  },
  slider: {
    title: 'Nos sélections',
    intro: 'Parcourez chaque univers d’un geste, ou avec les boutons précédent et suivant.',
    kind: 'slider',
  },
  'full-width': {
    title: 'Toute la boutique',
    intro: 'Toute la gamme sur toute la largeur de l’écran.',
    kind: 'products',
    wide: true,
  },
  'filter-top': {
    title: 'Trouver le bon soin',
    intro: 'Les filtres au-dessus des produits : catégorie, prix et promotions.',
    kind: 'products',
    filters: { placement: 'top' },
  },
  'filter-dropdown': {
    title: 'Filtrer nos produits',
    intro: 'Ouvrez le menu « Filtrer » pour affiner la sélection.',
    kind: 'products',
    filters: { placement: 'dropdown' },
  },
  'load-more': {
    title: 'Découvrir nos produits',
    intro: 'Huit produits pour commencer ; le bouton en bas de page affiche les suivants.',
    kind: 'products',
    pagination: { mode: 'load-more', pageSize: 8 },
  },
  infinity: {
    title: 'Toute la gamme Maison Argane',
    intro: 'Les produits suivants s’affichent au fil du défilement.',
    kind: 'products',
    pagination: { mode: 'infinite', pageSize: 8 },
  },
  category: {
    title: 'Nos catégories',
    intro: 'Les quatre univers de la boutique et leurs produits phares.',
    kind: 'categories',
  },
};
