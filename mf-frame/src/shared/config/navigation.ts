import type { ShopHref } from '@shop/contracts/routes';

/**
 * Every link of the header and footer, as data. Each `to` is a route of the shell's route table (spec, section 2),
 * with the spec's spellings (`/shop/whistlist`, `/blog-masonary`); search links use the search URL contract.
 */
export interface NavLink {
  label: string;
  to: ShopHref;
}

/** A sub-menu of a main-menu section: expands with its own plus/dash toggle, one open at a time. */
export interface MenuGroup {
  id: string;
  label: string;
  links: readonly NavLink[];
}

/** A main-menu section: its own link plus a panel of links and/or sub-menus. */
export interface MenuSection {
  id: string;
  label: string;
  to: ShopHref;
  links: readonly NavLink[];
  groups: readonly MenuGroup[];
}

export const mainMenu: readonly MenuSection[] = [
  {
    id: 'accueil',
    label: 'Accueil',
    to: '/',
    links: [
      { label: 'Page d’accueil', to: '/' },
      { label: 'Accueil, deuxième style', to: '/index2' },
      { label: 'Notre marque', to: '/our-brand' },
      { label: 'À propos', to: '/about-us' },
    ],
    groups: [],
  },
  {
    id: 'visage',
    label: 'Visage',
    to: '/shop/face',
    links: [
      { label: 'Tous les soins du visage', to: '/shop/face' },
      { label: 'Sérums', to: '/shop/all?q=s%C3%A9rum&category=face' },
      { label: 'Crèmes', to: '/shop/all?q=cr%C3%A8me&category=face' },
      { label: 'Masques et gommages', to: '/shop/all?q=masque&category=face' },
      { label: 'Pack éclat visage', to: '/shop/product/pack-eclat-visage' },
    ],
    groups: [],
  },
  {
    id: 'corps',
    label: 'Corps',
    to: '/shop/body',
    links: [
      { label: 'Tous les soins du corps', to: '/shop/body' },
      { label: 'Huiles', to: '/shop/all?q=huile&category=body' },
      { label: 'Gommages', to: '/shop/all?q=gommage&category=body' },
      { label: 'Pack rituel hammam', to: '/shop/product/pack-rituel-hammam' },
    ],
    groups: [],
  },
  {
    id: 'cheveux',
    label: 'Cheveux',
    to: '/shop/hair',
    links: [
      { label: 'Tous les soins capillaires', to: '/shop/hair' },
      { label: 'Shampooings', to: '/shop/all?q=shampooing&category=hair' },
      { label: 'Huiles et sérums', to: '/shop/all?q=huile&category=hair' },
      { label: 'Masques', to: '/shop/all?q=masque&category=hair' },
    ],
    groups: [],
  },
  {
    id: 'pack',
    label: 'Pack',
    to: '/shop/pack',
    links: [
      { label: 'Tous les packs', to: '/shop/pack' },
      { label: 'Coffret cadeau argan', to: '/shop/product/coffret-cadeau-argan' },
      { label: 'Carte cadeau', to: '/gift-card' },
    ],
    groups: [],
  },
  {
    id: 'shop',
    label: 'Shop',
    to: '/shop/all',
    links: [{ label: 'Tous les produits', to: '/shop/all' }],
    groups: [
      {
        id: 'shop-listes',
        label: 'Présentations de la boutique',
        links: [
          { label: 'Boutique', to: '/shop' },
          { label: 'Filtres à droite', to: '/shop/right-sidebar' },
          { label: 'Filtres à gauche', to: '/shop/left-sidebar' },
          { label: 'Catégories en haut', to: '/shop/category-on-top' },
          { label: 'Standard', to: '/shop/standard' },
          { label: 'Carrousel', to: '/shop/slider' },
          { label: 'Pleine largeur', to: '/shop/full-width' },
          { label: 'Filtres au-dessus', to: '/shop/filter-top' },
          { label: 'Filtres déroulants', to: '/shop/filter-dropdown' },
          { label: 'Bouton « Voir plus »', to: '/load-more' },
          { label: 'Défilement infini', to: '/infinity' },
          { label: 'Par catégorie', to: '/category' },
        ],
      },
      {
        id: 'shop-fiches',
        label: 'Fiches produit',
        links: [
          { label: 'Fiche standard', to: '/shop/product-default' },
          { label: 'Aperçu rapide', to: '/shop/quick-view' },
          { label: 'Double image', to: '/shop/double-image' },
          { label: 'Avec vidéo', to: '/shop/video-popup' },
          { label: 'Compte à rebours', to: '/shop/countdown' },
          { label: 'Choix de la contenance', to: '/shop/product-with-size-variation' },
          { label: 'Prévenez-moi', to: '/shop/notify-me' },
          { label: 'Stock faible', to: '/shop/low-stock-notice' },
          { label: 'En rupture de stock', to: '/shop/out-of-stock' },
          { label: 'Accordéon', to: '/shop/accordion' },
          { label: 'Onglets verticaux', to: '/shop/vertical' },
          { label: 'Contenu complet', to: '/shop/full-content' },
          { label: 'Miniatures à gauche', to: '/shop/product-thumb-left' },
          { label: 'Miniatures en bas', to: '/shop/product-thumb-bottom' },
          { label: 'Fiche pleine largeur', to: '/shop/product-full-width' },
          { label: 'Défilement sur une colonne', to: '/shop/scroll-1-column' },
          { label: 'Galerie en grille', to: '/shop/gallery-grid' },
        ],
      },
      {
        id: 'shop-pages',
        label: 'Pages pratiques',
        links: [
          { label: 'Panier', to: '/shop/cart' },
          { label: 'Paiement', to: '/shop/checkout' },
          { label: 'Liste d’envies', to: '/shop/whistlist' },
          { label: 'Mon compte', to: '/my-account' },
          { label: 'Suivi de commande', to: '/order-tracking' },
          { label: 'Carte cadeau', to: '/gift-card' },
          { label: 'Nos boutiques', to: '/shop-list' },
          { label: 'Questions fréquentes', to: '/faq' },
          { label: 'Contact', to: '/contact' },
        ],
      },
      {
        id: 'shop-blog',
        label: 'Blog',
        links: [
          { label: 'Articles en grille', to: '/blog-grid' },
          { label: 'Articles en mosaïque', to: '/blog-masonary' },
          { label: 'Grille, colonne à droite', to: '/blog-grid-right-sidebar' },
          { label: 'Grille, colonne à gauche', to: '/blog-grid-left-sidebar' },
          { label: 'Liste, colonne à droite', to: '/blog-standard-right-sidebar' },
          { label: 'Liste, colonne à gauche', to: '/blog-standard-left-sidebar' },
          { label: 'Un article', to: '/blog-details' },
        ],
      },
    ],
  },
];

/** The header's category dropdown (spec, "Header"), in correct French. */
export const categoryMenu: readonly NavLink[] = [
  { label: 'Accueil', to: '/' },
  { label: 'Soins du Visage', to: '/shop/face' },
  { label: 'Soins du Corps', to: '/shop/body' },
  { label: 'Soins capillaires', to: '/shop/hair' },
];

export { wishlistPath } from './wishlist-path';

export const footerCategories: readonly NavLink[] = [
  { label: 'Soins du visage', to: '/shop/face' },
  { label: 'Soins du corps', to: '/shop/body' },
  { label: 'Soins capillaires', to: '/shop/hair' },
  { label: 'Packs', to: '/shop/pack' },
  { label: 'Tous les produits', to: '/shop/all' },
];

export const footerSupport: readonly NavLink[] = [
  { label: 'Questions fréquentes', to: '/faq' },
  { label: 'Contact', to: '/contact' },
  { label: 'Suivi de commande', to: '/order-tracking' },
  { label: 'Mon compte', to: '/my-account' },
  { label: 'Panier', to: '/shop/cart' },
];

export const footerCompany: readonly NavLink[] = [
  { label: 'À propos', to: '/about-us' },
  { label: 'Notre marque', to: '/our-brand' },
  { label: 'Nos boutiques', to: '/shop-list' },
  { label: 'Blog', to: '/blog-grid' },
  { label: 'Carte cadeau', to: '/gift-card' },
];
