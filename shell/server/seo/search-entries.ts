import type { CanonicalPath, RoutePattern } from '@shop/contracts/routes';
import { SHOP_NAME } from '../../shared/shop';

/**
 * What search engines and link previews read of each page of the route table (decision 019), beside the route table
 * itself: a page added there without its entry here fails `typecheck`.
 * - `description`: the `<meta name="description">`, written for the page (≤ 160 characters, French). Product and
 *   category pages write theirs from the catalogue when they have it (page-metadata.ts); this one stands otherwise.
 * - `index: false`: a page of one shopper (cart, checkout, orders, account) or of no use in search: `noindex`.
 * - `canonical`: a layout variant showing the same content as another page names that page as canonical, so search
 *   engines rank one page, not thirteen copies of the catalogue.
 */
export interface SearchEntry {
  description: string;
  index?: false;
  canonical?: CanonicalPath;
}

const SHOP = SHOP_NAME;
const COD = 'paiement à la livraison partout au Maroc';

const ALL_PRODUCTS = `Tous les soins naturels ${SHOP} : visage, corps, cheveux et coffrets, prix en dirhams, ${COD}.`;
const JOURNAL = `Le journal ${SHOP} : rituels de beauté marocains, conseils de soin et ingrédients naturels expliqués.`;

const listingVariant: SearchEntry = { description: ALL_PRODUCTS, canonical: '/shop/all' };
const productLayout = (what: string): SearchEntry => ({
  description: `${what} : un soin naturel ${SHOP} présenté en détail, avec son prix en dirhams et ${COD}.`,
});
const blogVariant: SearchEntry = { description: JOURNAL, canonical: '/blog-grid' };

export const searchEntries = {
  '/': {
    description: `${SHOP}, cosmétiques naturels du Maroc : soins du visage, du corps et des cheveux à l’argan et au rhassoul, ${COD}.`,
  },
  '/index2': { description: `${SHOP}, cosmétiques naturels du Maroc.`, canonical: '/' },
  '/shop/all': { description: ALL_PRODUCTS },
  '/shop/face': { description: `Soins du visage naturels ${SHOP} : sérums, crèmes, eaux florales et masques, ${COD}.` },
  '/shop/body': { description: `Soins du corps naturels ${SHOP} : huiles, gommages, laits et savons du hammam, ${COD}.` },
  '/shop/hair': { description: `Soins capillaires naturels ${SHOP} : huiles, masques et shampooings, ${COD}.` },
  '/shop/pack': { description: `Coffrets et packs de soins ${SHOP}, à offrir ou à s’offrir, ${COD}.` },
  '/shop/checkout': { description: `Finaliser votre commande ${SHOP}, ${COD}.`, index: false },
  '/shop/product/:slug': { description: `Un soin naturel ${SHOP}, ${COD}.` },
  '/shop/order/:number': { description: `Votre commande ${SHOP}.`, index: false },

  '/shop': listingVariant,
  '/shop/right-sidebar': listingVariant,
  '/shop/left-sidebar': listingVariant,
  '/shop/category-on-top': listingVariant,
  '/shop/standard': listingVariant,
  '/shop/slider': listingVariant,
  '/shop/full-width': listingVariant,
  '/shop/filter-top': listingVariant,
  '/shop/filter-dropdown': listingVariant,
  '/load-more': listingVariant,
  '/infinity': listingVariant,
  '/category': listingVariant,

  '/shop/quick-view': productLayout('Aperçu rapide'),
  '/shop/double-image': productLayout('Fiche à double image'),
  '/shop/video-popup': productLayout('Fiche avec vidéo'),
  '/shop/countdown': productLayout('Offre à durée limitée'),
  '/shop/product-with-size-variation': productLayout('Choix de la contenance'),
  '/shop/notify-me': productLayout('Me prévenir du retour en stock'),
  '/shop/low-stock-notice': productLayout('Stock limité'),
  '/shop/out-of-stock': productLayout('Produit en rupture'),
  '/shop/product-default': productLayout('Fiche produit'),
  '/shop/accordion': productLayout('Fiche en accordéon'),
  '/shop/vertical': productLayout('Fiche verticale'),
  '/shop/full-content': productLayout('Fiche complète'),
  '/shop/product-thumb-left': productLayout('Fiche, miniatures à gauche'),
  '/shop/product-thumb-bottom': productLayout('Fiche, miniatures en bas'),
  '/shop/product-full-width': productLayout('Fiche pleine largeur'),
  '/shop/scroll-1-column': productLayout('Fiche sur une colonne'),
  '/shop/gallery-grid': productLayout('Fiche en galerie'),

  '/shop/cart': { description: `Votre panier ${SHOP}.`, index: false },
  '/shop/whistlist': { description: `Votre liste d’envies ${SHOP}.`, index: false },

  '/my-account': { description: `Votre compte ${SHOP}.`, index: false },
  '/order-tracking': { description: `Suivre votre commande ${SHOP} avec son numéro et votre téléphone.`, index: false },
  '/about-us': { description: `Qui sommes-nous : ${SHOP}, des soins naturels fabriqués au Maroc avec les ingrédients de ses régions.` },
  '/our-brand': { description: `La marque ${SHOP} : nos engagements, nos ingrédients et nos artisanes.` },
  '/gift-card': { description: `La carte cadeau ${SHOP} : offrez des soins naturels du Maroc, au montant de votre choix.` },
  '/faq': { description: `Questions fréquentes sur ${SHOP} : commandes, livraison, paiement à la livraison et produits.` },
  '/contact': { description: `Contacter ${SHOP} : une question sur un soin, une commande ou une livraison, écrivez-nous.` },
  '/shop-list': { description: `Nos points de vente : retrouvez les soins ${SHOP} et nos conseils dans nos boutiques au Maroc.` },

  '/blog-grid': { description: JOURNAL },
  '/blog-masonary': blogVariant,
  '/blog-grid-right-sidebar': blogVariant,
  '/blog-grid-left-sidebar': blogVariant,
  '/blog-standard-right-sidebar': blogVariant,
  '/blog-standard-left-sidebar': blogVariant,
  '/blog-details': { description: `Un article du journal ${SHOP} : rituels de beauté marocains et conseils de soin.` },
} as const satisfies Record<RoutePattern, SearchEntry>;

/** The shell's own 404 page (also /error) and any unknown path. */
export const NOT_FOUND_ENTRY: SearchEntry = { description: `Page introuvable : ${SHOP}.`, index: false };

/**
 * Paths crawlers are asked not to fetch at all (robots.txt): the checkout, orders and the operators' paths. The other
 * `noindex` pages stay fetchable, so crawlers can read their `noindex`.
 */
export const DISALLOWED_PATH_PREFIXES = ['/shop/checkout', '/shop/order/', '/order-tracking', '/remotes.json', '/remotes/', '/admin', '/operations'] as const;
