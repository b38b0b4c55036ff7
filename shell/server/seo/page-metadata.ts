import { formatPrice } from '@shop/contracts/money';
import { productsInCategory, type Product } from '@shop/contracts/products';
import { labelForPath, matchPageRoute, normalisePath } from '@shop/contracts/route-matching';
import { pathTo } from '@shop/contracts/routes';
import { crumbsFor } from '../../shared/crumbs';
import { SHOP_NAME } from '../../shared/shop';
import { NOT_FOUND_ENTRY, searchEntries, type SearchEntry } from './search-entries';
import { breadcrumbData, homeData, previewImage, productData, type Absolute, type StructuredData } from './structured-data';

/** The catalogue a page was rendered with (the server's reads): the whole list, one product, or nothing known. */
export interface CatalogueSeen {
  products?: readonly Product[];
  product?: Product;
}

/** What the `<head>` says of a page to search engines and link previews (decision 019). */
export interface PageMetadata {
  description: string;
  /** Absent for a 404: it has no URL of its own to name. */
  canonical?: string;
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
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).replace(/[\s,;:.–-]+$/, '')}…`;
}

function categoryDescription(label: string, products: readonly Product[], fallback: string): string {
  if (products.length === 0) return fallback;
  const prices = products.map((p) => p.price);
  const [min, max] = [Math.min(...prices), Math.max(...prices)];
  const range = min === max ? `à ${formatPrice(min)}` : `de ${formatPrice(min)} à ${formatPrice(max)}`;
  return clip(`${label} ${SHOP_NAME} : ${products.length} soins naturels ${range}, paiement à la livraison partout au Maroc.`);
}

/**
 * The metadata of the page at `pathname`, from the route table (search-entries.ts) and the catalogue it was rendered
 * with. Without the catalogue (the browser renders the page, the service did not answer) it still has the page's own
 * description, canonical URL and indexing rule.
 */
export function pageMetadata(pathname: string, status: number, catalogue: CatalogueSeen, absolute: Absolute): PageMetadata {
  const match = status === 404 ? undefined : matchPageRoute(pathname);
  if (!match) {
    return { description: NOT_FOUND_ENTRY.description, noindex: true, openGraph: site(NOT_FOUND_ENTRY.description), structuredData: [] };
  }
  const { route } = match;
  const entry: SearchEntry = searchEntries[route.path];
  const product = route.module === 'mf_catalog_pages/ProductPage' ? catalogue.product : undefined;
  const canonicalPath = entry.canonical ?? (product ? pathTo('/shop/product/:slug', product.slug) : normalisePath(pathname));
  const url = absolute(canonicalPath);
  const label = product?.name ?? labelForPath(pathname) ?? SHOP_NAME;

  // A category's products, or the catalogue the home page shows: their first product pictures the page in a preview.
  const listed =
    route.module === 'mf_catalog_pages/CategoryPage' && catalogue.products && 'category' in route.props
      ? productsInCategory(catalogue.products, route.props.category)
      : route.path === '/'
        ? catalogue.products
        : undefined;
  let description = entry.description;
  if (product) {
    description = clip(`${product.name}, ${formatPrice(product.price)} : ${product.description}`);
  } else if (listed && route.path !== '/') {
    description = categoryDescription(label, listed, entry.description);
  }

  const structuredData: StructuredData[] = [];
  if (route.path === '/') structuredData.push(...homeData(absolute));
  if (product) structuredData.push(productData(product, url, absolute));
  const crumbs = route.path === '/' || route.path === '/index2' ? [] : crumbsFor(normalisePath(pathname), product?.name);
  if (crumbs.length > 0 && entry.index !== false) structuredData.push(breadcrumbData(crumbs, url, absolute));

  const title = route.path === '/' ? SHOP_NAME : `${label} · ${SHOP_NAME}`;
  const openGraph = site(description, title, url);
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
  return { description, canonical: url, noindex: entry.index === false, openGraph, structuredData };
}

/** The tags every page has: the shop's name, the language, the title and description (and the URL when it has one). */
function site(description: string, title: string = SHOP_NAME, url?: string): [string, string][] {
  return [
    ['og:site_name', SHOP_NAME],
    ['og:locale', 'fr_MA'],
    ['og:title', title],
    ['og:description', description],
    ...(url ? [['og:url', url] as [string, string]] : []),
    ['twitter:title', title],
    ['twitter:description', description],
  ];
}
