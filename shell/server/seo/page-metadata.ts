import { DEFAULT_LOCALE, localizedPath, ogLocale, SHOP_LOCALES, type ShopLocale } from '@shop/contracts/locales';
import { formatPrice } from '@shop/contracts/money';
import { productsInCategory, type Product } from '@shop/contracts/products';
import { labelForPath, matchPageRoute, normalisePath } from '@shop/contracts/route-matching';
import { pathTo } from '@shop/contracts/routes';
import { crumbsFor } from '../../shared/crumbs';
import { SHOP_NAME } from '../../shared/shop';
import { alternatesOf, type Alternate } from './alternates';
import { COD, NOT_FOUND_ENTRY, searchEntries, type SearchEntry } from './search-entries';
import { breadcrumbData, homeData, previewImage, productData, type Absolute, type StructuredData } from './structured-data';

/** The catalogue a page was rendered with (the server's reads, in the page's language): the whole list, one product, or nothing known. */
export interface CatalogueSeen {
  products?: readonly Product[];
  product?: Product;
}

/** What the `<head>` says of a page to search engines and link previews (decision 019), in the page's language (decision 036). */
export interface PageMetadata {
  description: string;
  /** Absent for a 404: it has no URL of its own to name. */
  canonical?: string;
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

/** A category from the catalogue: how many products, their prices (Western digits in Arabic too, formatPrice). */
function categoryDescription(label: string, products: readonly Product[], fallback: string, locale: ShopLocale): string {
  if (products.length === 0) return fallback;
  const prices = products.map((p) => p.price);
  const [min, max] = [Math.min(...prices), Math.max(...prices)].map((amount) => formatPrice(amount, locale));
  if (locale === 'ar-MA') {
    // The price ends the sentence: « د.م. » carries its own full stop.
    const range = min === max ? `بسعر ${min}` : `بأسعار من ${min} إلى ${max}`;
    return clip(`${label} من ${SHOP_NAME}: ${naturalProductsAr(products.length)} مع ${COD[locale]}، ${range}`);
  }
  const range = min === max ? `à ${min}` : `de ${min} à ${max}`;
  return clip(`${label} ${SHOP_NAME} : ${products.length} soins naturels ${range}, ${COD[locale]}.`);
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
  const canonicalPath = entry.canonical ?? (product ? pathTo('/shop/product/:slug', product.slug) : normalisePath(pathname));
  const url = inLanguage(canonicalPath);
  const label = product?.name ?? labelForPath(pathname, locale) ?? SHOP_NAME;

  // A category's products, or the catalogue the home page shows: their first product pictures the page in a preview.
  const listed =
    route.module === 'mf_catalog_pages/CategoryPage' && catalogue.products && 'category' in route.props
      ? productsInCategory(catalogue.products, route.props.category)
      : route.path === '/'
        ? catalogue.products
        : undefined;
  let description = entry.description[locale];
  if (product) {
    description = productDescription(product, locale);
  } else if (listed && route.path !== '/') {
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
  const pictured = product ?? listed?.[0];
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
  return { description, canonical: url, alternates, noindex: entry.index === false, openGraph, structuredData };
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
