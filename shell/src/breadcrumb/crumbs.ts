/** French labels for known path segments; an unknown segment is shown as written. */
const segmentLabels: Readonly<Record<string, string>> = {
  shop: 'Boutique',
  all: 'Tous les produits',
  face: 'Soins du visage',
  body: 'Soins du corps',
  hair: 'Soins capillaires',
  pack: 'Packs',
  checkout: 'Paiement',
  cart: 'Panier',
  whistlist: 'Liste d’envies',
  product: 'Produits',
  order: 'Commande',
  'right-sidebar': 'Barre latérale à droite',
  'left-sidebar': 'Barre latérale à gauche',
  'category-on-top': 'Catégories en haut',
  standard: 'Standard',
  slider: 'Carrousel',
  'full-width': 'Pleine largeur',
  'filter-top': 'Filtres en haut',
  'filter-dropdown': 'Filtres déroulants',
  'quick-view': 'Aperçu rapide',
  'double-image': 'Double image',
  'video-popup': 'Vidéo',
  countdown: 'Compte à rebours',
  'product-with-size-variation': 'Choix de la contenance',
  'notify-me': 'Me prévenir',
  'low-stock-notice': 'Stock limité',
  'out-of-stock': 'En rupture',
  'product-default': 'Fiche produit',
  accordion: 'Accordéon',
  vertical: 'Vertical',
  'full-content': 'Contenu complet',
  'product-thumb-left': 'Miniatures à gauche',
  'product-thumb-bottom': 'Miniatures en bas',
  'product-full-width': 'Fiche pleine largeur',
  'scroll-1-column': 'Défilement sur une colonne',
  'gallery-grid': 'Galerie en grille',
  'my-account': 'Mon compte',
  'order-tracking': 'Suivi de commande',
  'load-more': 'Voir plus',
  infinity: 'Défilement infini',
  'about-us': 'À propos',
  'our-brand': 'Notre marque',
  category: 'Catégories',
  'blog-grid': 'Blog',
  'blog-masonary': 'Blog (mosaïque)',
  'blog-grid-right-sidebar': 'Blog (barre à droite)',
  'blog-grid-left-sidebar': 'Blog (barre à gauche)',
  'blog-standard-right-sidebar': 'Blog standard (barre à droite)',
  'blog-standard-left-sidebar': 'Blog standard (barre à gauche)',
  'blog-details': 'Article',
  'gift-card': 'Carte cadeau',
  faq: 'Questions fréquentes',
  error: 'Page introuvable',
  contact: 'Contact',
  'shop-list': 'Nos points de vente',
};

import { isKnownPath } from '../routes/route-table';

/** Intermediate paths that are not pages themselves link to the page that lists their children. */
const crumbTargets: Readonly<Record<string, string>> = {
  '/shop/product': '/shop/all',
};

export interface Crumb {
  label: string;
  /** Absent on the last crumb, which is the current page and not a link. */
  to?: string;
}

/**
 * Accueil, then one crumb per path segment; the last one is not a link (spec, "Layout"). `lastLabel`
 * names the current page when the shell knows better than its segment (a product's name).
 */
export function crumbsFor(pathname: string, lastLabel?: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [{ label: 'Accueil', to: '/' }];
  segments.forEach((segment, index) => {
    const isLast = index === segments.length - 1;
    const label =
      (isLast ? lastLabel : undefined) ??
      (Object.hasOwn(segmentLabels, segment) ? segmentLabels[segment] : undefined) ??
      safeDecode(segment);
    if (isLast) {
      crumbs.push({ label });
      return;
    }
    const path = `/${segments.slice(0, index + 1).join('/')}`;
    const to = crumbTargets[path] ?? (isKnownPath(path) ? path : undefined);
    crumbs.push(to ? { label, to } : { label });
  });
  return crumbs;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
