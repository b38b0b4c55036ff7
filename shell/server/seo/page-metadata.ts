import { DEFAULT_LOCALE, localizedPath, ogLocale, SHOP_LOCALES, type ShopLocale } from '@shop/contracts/locales';
import { formatPrice } from '@shop/contracts/money';
import type { Product } from '@shop/contracts/products';
import type { CatalogueSeen } from '../renderer-sandbox/renderer-protocol';
import { parseProductQuery, productQueryString, QUERY_PARAMETERS, type ProductPage, type ProductQuery } from '@shop/contracts/product-query';
import { labelForPath, matchPageRoute, normalisePath } from '@shop/contracts/route-matching';
import { pathTo } from '@shop/contracts/routes';
import { crumbsFor } from '../../shared/crumbs';
import { SHOP_NAME } from '../../shared/shop';
import { alternatesOf, type Alternate } from './alternates';
import { COD, NOT_FOUND_ENTRY, searchEntries, type SearchEntry } from './search-entries';
import { breadcrumbData, homeData, previewImage, productData, type Absolute, type StructuredData } from './structured-data';

// The renderer's type, the metadata's input.
export type { CatalogueSeen, SeenListing } from '../renderer-sandbox/renderer-protocol';


/** What the `<head>` says of a page to search engines and link previews (decision 019), in the page's language (decision 036). */
export interface PageMetadata {
  description: string;
  /** Absent for a 404: it has no URL of its own to name. */
  canonical?: string;
  /** A listing's next page (`rel="next"`), the link its « Voir plus » is: a crawler walks the whole listing. */
  next?: string;
  /** The canonical page in every shop language, then `x-default` (the French URL); none for a 404. */
  alternates: Alternate[];
  noindex: boolean;
  /** Open Graph and Twitter card tags, in order: `[property or name, content]`. */
  openGraph: [string, string][];
  structuredData: StructuredData[];
}

const MAX_DESCRIPTION = 160;

/** Cut at a word under the limit, with an ellipsis: search results show about 155 characters. */
export function clip(text: string, max = MAX_DESCRIPTION): string {
  // Line breaks and runs of spaces become one space; the no-break spaces of a price stay (\s would take them too).
  const flat = text.replace(/[ \t\r\n]+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).replace(/[\s,;:.،–-]+$/, '')}…`;
}

/** « 1 منتج طبيعي واحد » … « 11 منتجًا طبيعيًا »: Arabic counts agree with their noun by the plural rules of CLDR. */
const arabicPlural = new Intl.PluralRules('ar-MA');
function naturalProductsAr(count: number): string {
  switch (arabicPlural.select(count)) {
    case 'one':
      return 'منتج طبيعي واحد';
    case 'two':
      return 'منتجان طبيعيان';
    case 'few':
      return `${count} منتجات طبيعية`;
    case 'many':
      return `${count} منتجًا طبيعيًا`;
    default:
      return `${count} منتج طبيعي`;
  }
}

/**
 * A category from its first listing page: how many products (the API's total) and, when that page holds them all,
 * their prices (Western digits in Arabic too, formatPrice); a page of a longer list says nothing of the others' prices.
 */
function categoryDescription(label: string, { products, total }: ProductPage, fallback: string, locale: ShopLocale): string {
  if (total === 0 || products.length === 0) return fallback;
  const prices = products.map((p) => p.price);
  const [min, max] = [Math.min(...prices), Math.max(...prices)].map((amount) => formatPrice(amount, locale));
  const whole = products.length >= total;
  if (locale === 'ar-MA') {
    // The price ends the sentence: « د.م. » carries its own full stop.
    const range = !whole ? '' : min === max ? `، بسعر ${min}` : `، بأسعار من ${min} إلى ${max}`;
    return clip(`${label} من ${SHOP_NAME}: ${naturalProductsAr(total)} مع ${COD[locale]}${range}`);
  }
  const range = !whole ? '' : min === max ? ` à ${min}` : ` de ${min} à ${max}`;
  return clip(`${label} ${SHOP_NAME} : ${total} soins naturels${range}, ${COD[locale]}.`);
}

const LISTING_MODULES: readonly string[] = ['mf_catalog_pages/CategoryPage', 'mf_catalog_pages/ListingPage'];

/** A query without its page (cursor) or page size: what makes two reads the same list. */
const listOf = (query: Partial<ProductQuery>) => productQueryString({ ...query, cursor: undefined, limit: undefined });

/**
 * A listing route's own query, from its URL (read leniently, as the page reads it) and its category; and the listing
 * the page read for it, found among its reads by that query (a slider's or a home page's small reads are not it).
 */
function ownListing(route: { module: string; props: object }, search: string, catalogue: CatalogueSeen) {
  if (!LISTING_MODULES.includes(route.module)) return undefined;
  const parsed = parseProductQuery(new URLSearchParams(search), { lenient: true });
  if (!parsed.ok) return undefined;
  const query: ProductQuery = { ...parsed.query, ...('category' in route.props ? { category: route.props.category as ProductQuery['category'] } : {}) };
  delete query.ids;
  const seen = catalogue.listings?.find((listing) => listOf(listing.query) === listOf(query) && listing.query.cursor === query.cursor);
  return { query, seen };
}

/** A product page: its name, price and the catalogue's description (in the page's language). */
function productDescription(product: Product, locale: ShopLocale): string {
  const price = formatPrice(product.price, locale);
  return clip(locale === 'ar-MA' ? `${product.name} (${price}): ${product.description}` : `${product.name}, ${price} : ${product.description}`);
}

/**
 * The metadata of the page at `pathname` (the route table's path, without its language prefix) in `locale`, from the
 * route table (search-entries.ts) and the catalogue it was rendered with. Without the catalogue (the browser renders
 * the page, the service did not answer) it still has the page's own description, canonical URL and indexing rule.
 * Every URL it writes is the page's language's (`/ar/…`), and the alternates name the page in every language.
 */
export function pageMetadata(
  pathname: string,
  status: number,
  catalogue: CatalogueSeen,
  absolute: Absolute,
  locale: ShopLocale = DEFAULT_LOCALE,
  /** The URL's query string (a listing's filters and page). */
  search = '',
): PageMetadata {
  const match = status === 404 ? undefined : matchPageRoute(pathname);
  if (!match) {
    const description = NOT_FOUND_ENTRY.description[locale];
    return { description, alternates: [], noindex: true, openGraph: site(locale, description), structuredData: [] };
  }
  const { route } = match;
  const entry: SearchEntry = searchEntries[route.path];
  /** A shop path as an absolute URL in the page's language. */
  const inLanguage: Absolute = (path) => absolute(localizedPath(locale, path));
  const product = route.module === 'mf_catalog_pages/ProductPage' ? catalogue.product : undefined;
  const listing = ownListing(route, search, catalogue);
  const canonicalPath = entry.canonical ?? (product ? pathTo('/shop/product/:slug', product.slug) : normalisePath(pathname));
  // A listing's later page is a page of its own (its products are nowhere else without JavaScript); filters, sorts and
  // searches of a listing are the listing, and name it as canonical.
  const plain = listing && listOf({ category: listing.query.category });
  const variant = listing !== undefined && listOf(listing.query) !== plain;
  // Sorted, the same products: the category's description still holds. Narrowed, it does not.
  const narrowed = listing !== undefined && listOf({ ...listing.query, sort: undefined }) !== plain;
  // A sorted or filtered page's cursor belongs to that order: the plain listing's canonical URL cannot carry it.
  const cursor = listing && !entry.canonical && !variant ? listing.query.cursor : undefined;
  const pagePath = (at: string | null | undefined) => (at ? `?${new URLSearchParams({ [QUERY_PARAMETERS.cursor]: at }).toString()}` : '');
  const url = inLanguage(canonicalPath) + pagePath(cursor);
  const label = product?.name ?? labelForPath(pathname, locale) ?? SHOP_NAME;
  // The next page as the page links it: its own URL's query with the next cursor.
  const nextCursor = listing?.seen?.page.nextCursor;
  let next: string | undefined;
  if (nextCursor) {
    const params = new URLSearchParams(search);
    params.set(QUERY_PARAMETERS.cursor, nextCursor);
    next = `${inLanguage(normalisePath(pathname))}?${params.toString()}`;
  }

  // A category's first page, or the offers the home page shows: their first product pictures the page in a preview.
  const listed =
    route.module === 'mf_catalog_pages/CategoryPage' ? listing?.seen?.page : route.path === '/' ? catalogue.listings?.[0]?.page : undefined;
  let description = entry.description[locale];
  if (product) {
    description = productDescription(product, locale);
  } else if (listed && route.path !== '/' && !narrowed && !listing?.query.cursor) {
    description = categoryDescription(label, listed, description, locale);
  }

  const structuredData: StructuredData[] = [];
  if (route.path === '/') structuredData.push(...homeData(inLanguage, locale));
  if (product) structuredData.push(productData(product, url, absolute));
  const crumbs = route.path === '/' || route.path === '/index2' ? [] : crumbsFor(normalisePath(pathname), product?.name, locale);
  if (crumbs.length > 0 && entry.index !== false) structuredData.push(breadcrumbData(crumbs, url, inLanguage));

  const title = route.path === '/' ? SHOP_NAME : `${label} · ${SHOP_NAME}`;
  const openGraph = site(locale, description, title, url);
  openGraph.splice(1, 0, ['og:type', product ? 'product' : 'website']);
  const pictured = product ?? listed?.products[0];
  if (pictured) {
    const image = previewImage(pictured, absolute);
    openGraph.push(
      ['og:image', image.url],
      ['og:image:type', image.type],
      ['og:image:width', String(image.width)],
      ['og:image:height', String(image.height)],
      ['og:image:alt', image.alt],
      ['twitter:card', 'summary_large_image'],
      ['twitter:image', image.url],
    );
  } else {
    openGraph.push(['twitter:card', 'summary']);
  }
  if (product) {
    openGraph.push(
      ['product:price:amount', product.price.toFixed(2)],
      ['product:price:currency', 'MAD'],
      ['product:availability', product.availability.status === 'out-of-stock' ? 'out of stock' : 'in stock'],
    );
  }
  const alternates = alternatesOf(canonicalPath, absolute);
  return { description, canonical: url, ...(next ? { next } : {}), alternates, noindex: entry.index === false, openGraph, structuredData };
}

/**
 * The tags every page has: the shop's name, the language (and, on a page with a URL, the other languages it exists
 * in), the title and description (and the URL when it has one).
 */
function site(locale: ShopLocale, description: string, title: string = SHOP_NAME, url?: string): [string, string][] {
  const others = url ? SHOP_LOCALES.filter((other) => other !== locale) : [];
  return [
    ['og:site_name', SHOP_NAME],
    ['og:locale', ogLocale(locale)],
    ...others.map((other): [string, string] => ['og:locale:alternate', ogLocale(other)]),
    ['og:title', title],
    ['og:description', description],
    ...(url ? [['og:url', url] as [string, string]] : []),
    ['twitter:title', title],
    ['twitter:description', description],
  ];
}
