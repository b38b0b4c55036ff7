import type {
  BreadcrumbListLeaf,
  ListItemLeaf,
  OfferLeaf,
  OrganizationLeaf,
  ProductLeaf,
  SearchActionLeaf,
  WebSiteLeaf,
} from 'schema-dts';
import { IMAGE_RENDITION, renditionPath } from '@shop/contracts/images';
import { PHOTO_SHARE, shareImageOf } from '@shop/contracts/photos';
import type { ShopLocale } from '@shop/contracts/locales';
import type { Availability, Product } from '@shop/contracts/products';
import { SHOP_NAME } from '../../shared/shop';
import type { Crumb } from '../../shared/crumbs';

/**
 * The page's schema.org data (JSON-LD), typed with schema-dts. schema-dts makes every property optional, so each type
 * here extends its schema-dts type with the properties Google's rich results need, required and concrete: leaving one
 * out, or giving it a value schema.org does not allow, fails `typecheck`.
 */
type Context = { '@context': 'https://schema.org' };

export interface OfferData extends OfferLeaf {
  url: string;
  price: number;
  priceCurrency: 'MAD';
  availability: 'https://schema.org/InStock' | 'https://schema.org/LimitedAvailability' | 'https://schema.org/OutOfStock';
  itemCondition: 'https://schema.org/NewCondition';
}
export interface ProductData extends ProductLeaf, Context {
  name: string;
  description: string;
  sku: string;
  image: string[];
  brand: { '@type': 'Brand'; name: string };
  offers: OfferData;
}
export interface ListItemData extends ListItemLeaf {
  position: number;
  name: string;
  item?: string;
}
export interface BreadcrumbListData extends BreadcrumbListLeaf, Context {
  itemListElement: ListItemData[];
}
export interface OrganizationData extends OrganizationLeaf, Context {
  name: string;
  url: string;
}
interface SearchActionData extends SearchActionLeaf {
  target: string;
  'query-input': string;
}
export interface WebSiteData extends WebSiteLeaf, Context {
  name: string;
  url: string;
  inLanguage: string;
  potentialAction: SearchActionData;
}
export type StructuredData = ProductData | BreadcrumbListData | OrganizationData | WebSiteData;

/** A path of the shop as an absolute URL under its public base (PUBLIC_URL). */
export type Absolute = (path: string) => string;

const AVAILABILITY = {
  'in-stock': 'https://schema.org/InStock',
  'low-stock': 'https://schema.org/LimitedAvailability',
  'out-of-stock': 'https://schema.org/OutOfStock',
} as const satisfies Record<Availability['status'], OfferData['availability']>;

export function productData(product: Product, url: string, absolute: Absolute): ProductData {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    sku: product.id,
    // A photo's largest JPEG as it is; a drawing's PNG rendition (search engines take neither SVG nor a srcset).
    image: product.images.map((image) => absolute(renditionPath(image))),
    brand: { '@type': 'Brand', name: SHOP_NAME },
    offers: {
      '@type': 'Offer',
      url,
      price: product.price,
      priceCurrency: 'MAD',
      availability: AVAILABILITY[product.availability.status],
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
}

/**
 * The visible breadcrumb, crumb for crumb; the last one (the page itself) is named by its canonical URL. `absolute`
 * writes the crumbs' URLs in the page's language (`/ar/…` on an Arabic page), as the visible crumbs link.
 */
export function breadcrumbData(crumbs: readonly Crumb[], pageUrl: string, absolute: Absolute): BreadcrumbListData {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => {
      const item = crumb.to ? absolute(crumb.to) : index === crumbs.length - 1 ? pageUrl : undefined;
      const listItem: ListItemData = { '@type': 'ListItem', position: index + 1, name: crumb.label };
      return item ? { ...listItem, item } : listItem;
    }),
  };
}

/**
 * The home page: who sells, and the shop's search (the header's search panel takes `?q=` on /shop/all), in the page's
 * language: `absolute` writes its URLs in that language (the Arabic home page's search is /ar/shop/all).
 */
export function homeData(absolute: Absolute, locale: ShopLocale): [OrganizationData, WebSiteData] {
  const url = absolute('/');
  return [
    { '@context': 'https://schema.org', '@type': 'Organization', name: SHOP_NAME, url },
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: SHOP_NAME,
      url,
      inLanguage: locale,
      potentialAction: {
        '@type': 'SearchAction',
        target: `${absolute('/shop/all')}?q={search_term_string}`,
        'query-input': 'required name=search_term_string',
      },
    },
  ];
}

/**
 * The product image a link preview shows, with its size: a photo's 1200×630 JPEG (decision 044), else the PNG rendition
 * of its drawing.
 */
export function previewImage(product: Product, absolute: Absolute) {
  const first = product.images[0] ?? '';
  const share = shareImageOf(first);
  const alt = product.imageAlts?.[0] || product.name;
  if (share) return { url: absolute(share), type: 'image/jpeg', width: PHOTO_SHARE.width, height: PHOTO_SHARE.height, alt };
  return { url: absolute(renditionPath(first)), ...IMAGE_RENDITION, alt };
}
