import type { Localized } from '@shop/contracts/locales';
import type { CanonicalPath, RoutePattern } from '@shop/contracts/routes';
import { SHOP_NAME } from '../../shared/shop';

/**
 * What search engines and link previews read of each page of the route table (decision 019), beside the route table
 * itself: a page added there without its entry here fails `typecheck`.
 * - `description`: the `<meta name="description">`, written for the page in every shop language (decision 036; ≤ 160
 *   characters; Arabic in Modern Standard Arabic with Western digits, the shop's name as its brand). Product and
 *   category pages write theirs from the catalogue when they have it (page-metadata.ts); this one stands otherwise.
 *   A language left out fails `typecheck`.
 * - `index: false`: a page of one shopper (cart, checkout, orders, account) or of no use in search: `noindex`.
 * - `canonical`: a layout variant showing the same content as another page names that page as canonical, so search
 *   engines rank one page, not thirteen copies of the catalogue.
 */
export interface SearchEntry {
  description: Localized;
  index?: false;
  canonical?: CanonicalPath;
}

const SHOP = SHOP_NAME;
/** Cash on delivery, the shop's one way to pay (spec), said wherever a page sells. */
export const COD: Localized = {
  'fr-MA': 'paiement à la livraison partout au Maroc',
  'ar-MA': 'الدفع عند الاستلام في جميع أنحاء المغرب',
};

const ALL_PRODUCTS: Localized = {
  'fr-MA': `Tous les soins naturels ${SHOP} : visage, corps, cheveux et coffrets, prix en dirhams, ${COD['fr-MA']}.`,
  'ar-MA': `جميع منتجات ${SHOP} الطبيعية للعناية بالوجه والجسم والشعر ومجموعات الهدايا، بالدرهم المغربي، مع ${COD['ar-MA']}.`,
};
const JOURNAL: Localized = {
  'fr-MA': `Le journal ${SHOP} : rituels de beauté marocains, conseils de soin et ingrédients naturels expliqués.`,
  'ar-MA': `مدونة ${SHOP}: طقوس الجمال المغربية ونصائح العناية وشرح المكونات الطبيعية.`,
};

const listingVariant: SearchEntry = { description: ALL_PRODUCTS, canonical: '/shop/all' };
const productLayout = (what: Localized): SearchEntry => ({
  description: {
    'fr-MA': `${what['fr-MA']} : un soin naturel ${SHOP} présenté en détail, avec son prix en dirhams et ${COD['fr-MA']}.`,
    'ar-MA': `${what['ar-MA']}: منتج طبيعي من ${SHOP} معروض بالتفصيل، مع سعره بالدرهم و${COD['ar-MA']}.`,
  },
});
const blogVariant: SearchEntry = { description: JOURNAL, canonical: '/blog-grid' };

export const searchEntries = {
  '/': {
    description: {
      'fr-MA': `${SHOP}, cosmétiques naturels du Maroc : soins du visage, du corps et des cheveux à l’argan et au rhassoul, ${COD['fr-MA']}.`,
      'ar-MA': `${SHOP}، مستحضرات تجميل طبيعية من المغرب: العناية بالوجه والجسم والشعر بزيت الأركان والغاسول وماء الورد، مع ${COD['ar-MA']}.`,
    },
  },
  '/index2': {
    description: { 'fr-MA': `${SHOP}, cosmétiques naturels du Maroc.`, 'ar-MA': `${SHOP}، مستحضرات تجميل طبيعية من المغرب.` },
    canonical: '/',
  },
  '/shop/all': { description: ALL_PRODUCTS },
  '/shop/face': {
    description: {
      'fr-MA': `Soins du visage naturels ${SHOP} : sérums, crèmes, eaux florales et masques, ${COD['fr-MA']}.`,
      'ar-MA': `منتجات ${SHOP} الطبيعية للعناية بالوجه: سيروم وكريمات وماء الورد وأقنعة، مع ${COD['ar-MA']}.`,
    },
  },
  '/shop/body': {
    description: {
      'fr-MA': `Soins du corps naturels ${SHOP} : huiles, gommages, laits et savons du hammam, ${COD['fr-MA']}.`,
      'ar-MA': `منتجات ${SHOP} الطبيعية للعناية بالجسم: زيوت ومقشرات وحليب للجسم وصابون الحمّام، مع ${COD['ar-MA']}.`,
    },
  },
  '/shop/hair': {
    description: {
      'fr-MA': `Soins capillaires naturels ${SHOP} : huiles, masques et shampooings, ${COD['fr-MA']}.`,
      'ar-MA': `منتجات ${SHOP} الطبيعية للعناية بالشعر: زيوت وأقنعة وشامبو، مع ${COD['ar-MA']}.`,
    },
  },
  '/shop/pack': {
    description: {
      'fr-MA': `Coffrets et packs de soins ${SHOP}, à offrir ou à s’offrir, ${COD['fr-MA']}.`,
      'ar-MA': `مجموعات العناية من ${SHOP}، هدية لمن تحب أو لنفسك، مع ${COD['ar-MA']}.`,
    },
  },
  '/shop/checkout': {
    description: { 'fr-MA': `Finaliser votre commande ${SHOP}, ${COD['fr-MA']}.`, 'ar-MA': `إتمام طلبك من ${SHOP}، مع ${COD['ar-MA']}.` },
    index: false,
  },
  '/shop/product/:slug': {
    description: { 'fr-MA': `Un soin naturel ${SHOP}, ${COD['fr-MA']}.`, 'ar-MA': `منتج طبيعي من ${SHOP}، مع ${COD['ar-MA']}.` },
  },
  '/shop/order/:number': { description: { 'fr-MA': `Votre commande ${SHOP}.`, 'ar-MA': `طلبك من ${SHOP}.` }, index: false },

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

  '/shop/quick-view': productLayout({ 'fr-MA': 'Aperçu rapide', 'ar-MA': 'نظرة سريعة' }),
  '/shop/double-image': productLayout({ 'fr-MA': 'Fiche à double image', 'ar-MA': 'صفحة المنتج بصورتين' }),
  '/shop/video-popup': productLayout({ 'fr-MA': 'Fiche avec vidéo', 'ar-MA': 'صفحة المنتج مع فيديو' }),
  '/shop/countdown': productLayout({ 'fr-MA': 'Offre à durée limitée', 'ar-MA': 'عرض لفترة محدودة' }),
  '/shop/product-with-size-variation': productLayout({ 'fr-MA': 'Choix de la contenance', 'ar-MA': 'اختيار الحجم' }),
  '/shop/notify-me': productLayout({ 'fr-MA': 'Me prévenir du retour en stock', 'ar-MA': 'أعلمني عند توفر المنتج من جديد' }),
  '/shop/low-stock-notice': productLayout({ 'fr-MA': 'Stock limité', 'ar-MA': 'كمية محدودة' }),
  '/shop/out-of-stock': productLayout({ 'fr-MA': 'Produit en rupture', 'ar-MA': 'منتج نفد من المخزون' }),
  '/shop/product-default': productLayout({ 'fr-MA': 'Fiche produit', 'ar-MA': 'صفحة المنتج' }),
  '/shop/accordion': productLayout({ 'fr-MA': 'Fiche en accordéon', 'ar-MA': 'صفحة المنتج بأقسام قابلة للطي' }),
  '/shop/vertical': productLayout({ 'fr-MA': 'Fiche verticale', 'ar-MA': 'صفحة المنتج بعرض عمودي' }),
  '/shop/full-content': productLayout({ 'fr-MA': 'Fiche complète', 'ar-MA': 'صفحة المنتج الكاملة' }),
  '/shop/product-thumb-left': productLayout({ 'fr-MA': 'Fiche, miniatures à gauche', 'ar-MA': 'صفحة المنتج، الصور المصغرة على اليسار' }),
  '/shop/product-thumb-bottom': productLayout({ 'fr-MA': 'Fiche, miniatures en bas', 'ar-MA': 'صفحة المنتج، الصور المصغرة في الأسفل' }),
  '/shop/product-full-width': productLayout({ 'fr-MA': 'Fiche pleine largeur', 'ar-MA': 'صفحة المنتج بالعرض الكامل' }),
  '/shop/scroll-1-column': productLayout({ 'fr-MA': 'Fiche sur une colonne', 'ar-MA': 'صفحة المنتج في عمود واحد' }),
  '/shop/gallery-grid': productLayout({ 'fr-MA': 'Fiche en galerie', 'ar-MA': 'صفحة المنتج بمعرض الصور' }),

  '/shop/cart': { description: { 'fr-MA': `Votre panier ${SHOP}.`, 'ar-MA': `سلة مشترياتك في ${SHOP}.` }, index: false },
  '/shop/whistlist': { description: { 'fr-MA': `Votre liste d’envies ${SHOP}.`, 'ar-MA': `قائمة أمنياتك في ${SHOP}.` }, index: false },

  '/my-account': { description: { 'fr-MA': `Votre compte ${SHOP}.`, 'ar-MA': `حسابك في ${SHOP}.` }, index: false },
  '/order-tracking': {
    description: {
      'fr-MA': `Suivre votre commande ${SHOP} avec son numéro et votre téléphone.`,
      'ar-MA': `تتبع طلبك من ${SHOP} برقم الطلب ورقم هاتفك.`,
    },
    index: false,
  },
  '/about-us': {
    description: {
      'fr-MA': `Qui sommes-nous : ${SHOP}, des soins naturels fabriqués au Maroc avec les ingrédients de ses régions.`,
      'ar-MA': `من نحن: ${SHOP}، منتجات عناية طبيعية تُصنع في المغرب بمكونات من مختلف جهاته.`,
    },
  },
  '/our-brand': {
    description: {
      'fr-MA': `La marque ${SHOP} : nos engagements, nos ingrédients et nos artisanes.`,
      'ar-MA': `علامة ${SHOP}: التزاماتنا ومكوناتنا والحرفيات اللواتي يصنعن منتجاتنا.`,
    },
  },
  '/gift-card': {
    description: {
      'fr-MA': `La carte cadeau ${SHOP} : offrez des soins naturels du Maroc, au montant de votre choix.`,
      'ar-MA': `بطاقة هدايا ${SHOP}: أهدِ مستحضرات تجميل طبيعية من المغرب بالمبلغ الذي تختاره.`,
    },
  },
  '/faq': {
    description: {
      'fr-MA': `Questions fréquentes sur ${SHOP} : commandes, livraison, paiement à la livraison et produits.`,
      'ar-MA': `الأسئلة الشائعة حول ${SHOP}: الطلبات والتوصيل والدفع عند الاستلام والمنتجات.`,
    },
  },
  '/contact': {
    description: {
      'fr-MA': `Contacter ${SHOP} : une question sur un soin, une commande ou une livraison, écrivez-nous.`,
      'ar-MA': `تواصل مع ${SHOP}: سؤال عن منتج أو طلب أو توصيل؟ راسلنا.`,
    },
  },
  '/shop-list': {
    description: {
      'fr-MA': `Nos points de vente : retrouvez les soins ${SHOP} et nos conseils dans nos boutiques au Maroc.`,
      'ar-MA': `نقاط البيع: اكتشف منتجات ${SHOP} ونصائحنا في متاجرنا بالمغرب.`,
    },
  },

  '/blog-grid': { description: JOURNAL },
  '/blog-masonary': blogVariant,
  '/blog-grid-right-sidebar': blogVariant,
  '/blog-grid-left-sidebar': blogVariant,
  '/blog-standard-right-sidebar': blogVariant,
  '/blog-standard-left-sidebar': blogVariant,
  '/blog-details': {
    description: {
      'fr-MA': `Un article du journal ${SHOP} : rituels de beauté marocains et conseils de soin.`,
      'ar-MA': `مقال من مدونة ${SHOP}: طقوس الجمال المغربية ونصائح العناية.`,
    },
  },
} as const satisfies Record<RoutePattern, SearchEntry>;

/** The shell's own 404 page (also /error) and any unknown path. */
export const NOT_FOUND_ENTRY: SearchEntry = {
  description: { 'fr-MA': `Page introuvable : ${SHOP}.`, 'ar-MA': `الصفحة غير موجودة: ${SHOP}.` },
  index: false,
};

/**
 * Paths crawlers are asked not to fetch at all (robots.txt): the checkout, orders and the operators' paths. The other
 * `noindex` pages stay fetchable, so crawlers can read their `noindex`.
 */
export const DISALLOWED_PATH_PREFIXES = ['/shop/checkout', '/shop/order/', '/order-tracking', '/remotes.json', '/remotes/', '/admin', '/operations'] as const;

/** Those of the shop's pages, which exist in every language: robots.txt disallows them under each language's prefix too. */
export const DISALLOWED_PAGE_PREFIXES = ['/shop/checkout', '/shop/order/', '/order-tracking'] as const satisfies readonly (typeof DISALLOWED_PATH_PREFIXES)[number][];
