import { describe, expect, it } from 'vitest';
import { formatPrice } from '@shop/contracts/money';
import type { Product } from '@shop/contracts/products';
import { pageRoutes } from '@shop/contracts/routes';
import { metadataTags } from './metadata-tags';
import { clip, pageMetadata } from './page-metadata';
import { searchEntries } from './search-entries';

const absolute = (path: string) => `https://www.maison-argane.ma${path}`;
const product = (id: string, over: Partial<Product> = {}): Product => ({
  id,
  slug: `soin-${id}`,
  name: `Soin ${id}`,
  description: 'Un soin naturel à l’huile d’argan.',
  category: 'face',
  price: 120,
  images: [`/images/products/soin-${id}.svg?v=0123456789`],
  updatedAt: '2026-11-02',
  availability: { status: 'in-stock' },
  ...over,
});
const og = (meta: ReturnType<typeof pageMetadata>, key: string) => meta.openGraph.find(([k]) => k === key)?.[1];

describe('pageMetadata', () => {
  it('describes a product with its price, names its PNG rendition for link previews, and its Product and breadcrumb data', () => {
    const p = product('a', { price: 289, availability: { status: 'low-stock', left: 2 } });
    const meta = pageMetadata(`/shop/product/${p.slug}`, 200, { product: p }, absolute);
    expect(meta.description).toBe(`Soin a, ${formatPrice(289)} : Un soin naturel à l’huile d’argan.`);
    expect(meta.canonical).toBe('https://www.maison-argane.ma/shop/product/soin-a');
    expect(meta.noindex).toBe(false);
    expect(og(meta, 'og:type')).toBe('product');
    expect(og(meta, 'og:image')).toBe('https://www.maison-argane.ma/images/products/soin-a.png?v=0123456789');
    expect([og(meta, 'og:image:width'), og(meta, 'og:image:height')]).toEqual(['1200', '1200']);
    expect([og(meta, 'product:price:amount'), og(meta, 'product:price:currency')]).toEqual(['289.00', 'MAD']);
    expect(meta.structuredData.map((d) => d['@type'])).toEqual(['Product', 'BreadcrumbList']);
    const data = meta.structuredData[0] as { offers: { price: number; priceCurrency: string; availability: string; url: string } };
    expect(data.offers).toMatchObject({ price: 289, priceCurrency: 'MAD', availability: 'https://schema.org/LimitedAvailability', url: meta.canonical });
    const crumbs = meta.structuredData[1] as { itemListElement: { name: string; item?: string; position: number }[] };
    expect(crumbs.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Accueil', item: 'https://www.maison-argane.ma/' },
      { '@type': 'ListItem', position: 2, name: 'Boutique', item: 'https://www.maison-argane.ma/shop' },
      { '@type': 'ListItem', position: 3, name: 'Produits', item: 'https://www.maison-argane.ma/shop/all' },
      { '@type': 'ListItem', position: 4, name: 'Soin a', item: meta.canonical },
    ]);
  });

  it('describes a category with its count and price range from the catalogue, and points query variants to the listing', () => {
    const products = [product('a', { price: 69 }), product('b', { price: 289 }), product('c', { category: 'hair', price: 1000 })];
    const meta = pageMetadata('/shop/face/', 200, { products }, absolute);
    expect(meta.description).toContain(`Soins du visage Maison Argane : 2 soins naturels de ${formatPrice(69)} à ${formatPrice(289)}`);
    expect(meta.canonical).toBe('https://www.maison-argane.ma/shop/face');
    expect(pageMetadata('/shop/face', 200, {}, absolute).description).toBe(searchEntries['/shop/face'].description);
    // Shared in a message, the category shows its first product's picture.
    expect(og(meta, 'og:image')).toBe('https://www.maison-argane.ma/images/products/soin-a.png?v=0123456789');
    expect(og(meta, 'twitter:card')).toBe('summary_large_image');
    expect(og(meta, 'product:price:amount')).toBeUndefined();
  });

  it('pictures the home page with the catalogue\'s first product, and leaves a content page without an image', () => {
    const home = pageMetadata('/', 200, { products: [product('z'), product('a')] }, absolute);
    expect(og(home, 'og:image')).toContain('/images/products/soin-z.png');
    expect(og(home, 'og:type')).toBe('website');
    const about = pageMetadata('/about-us', 200, {}, absolute);
    expect([og(about, 'og:image'), og(about, 'twitter:card')]).toEqual([undefined, 'summary']);
  });

  it('gives layout variants the canonical URL of the page whose content they show', () => {
    expect(pageMetadata('/shop/left-sidebar', 200, {}, absolute).canonical).toBe('https://www.maison-argane.ma/shop/all');
    expect(pageMetadata('/index2', 200, {}, absolute).canonical).toBe('https://www.maison-argane.ma/');
    expect(pageMetadata('/blog-masonary', 200, {}, absolute).canonical).toBe('https://www.maison-argane.ma/blog-grid');
  });

  it('keeps the checkout, orders, the cart, the account and a 404 out of search results', () => {
    for (const path of ['/shop/checkout', '/shop/order/MA-2026-000001', '/shop/cart', '/my-account', '/order-tracking']) {
      expect(pageMetadata(path, 200, {}, absolute).noindex, path).toBe(true);
    }
    const missing = pageMetadata('/nulle-part', 404, {}, absolute);
    expect(missing).toMatchObject({ noindex: true, structuredData: [] });
    expect(missing.canonical).toBeUndefined();
    expect(pageMetadata('/shop/product/inconnu', 404, {}, absolute).noindex).toBe(true);
  });

  it('gives the home page the shop and its search, which the header\'s search panel takes as ?q= on /shop/all', () => {
    const meta = pageMetadata('/', 200, {}, absolute);
    expect(meta.structuredData.map((d) => d['@type'])).toEqual(['Organization', 'WebSite']);
    expect(JSON.stringify(meta.structuredData[1])).toContain('"target":"https://www.maison-argane.ma/shop/all?q={search_term_string}"');
  });

  it('has a description of at most 160 characters for every page of the route table', () => {
    for (const route of pageRoutes) {
      const path = route.path.replace(':slug', 'x').replace(':number', 'MA-2026-000001');
      const { description } = pageMetadata(path, 200, { products: [product('a')] }, absolute);
      expect(description.length, route.path).toBeLessThanOrEqual(160);
      expect(description.length, route.path).toBeGreaterThan(20);
    }
  });
});

describe('clip', () => {
  it('cuts a long text at a word, with an ellipsis', () => {
    const text = 'mot '.repeat(60);
    const clipped = clip(text);
    expect(clipped.length).toBeLessThanOrEqual(160);
    expect(clipped).toMatch(/mot…$/);
  });
});

describe('metadataTags', () => {
  it('escapes what it writes: a quote cannot end an attribute, `<` cannot end the JSON-LD script', () => {
    const p = product('a', { name: 'Soin "spécial" </script><b>', description: 'Pour <script>alert(1)</script> tous.' });
    const tags = metadataTags(pageMetadata(`/shop/product/${p.slug}`, 200, { product: p }, absolute));
    expect(tags).not.toContain('</script><b>');
    expect(tags).toContain('content="Soin &quot;spécial&quot; &lt;/script&gt;&lt;b&gt;');
    const json = /<script type="application\/ld\+json" data-page-meta>(.*?)<\/script>/.exec(tags)?.[1] ?? '';
    expect((JSON.parse(json) as { name: string }).name).toBe(p.name);
  });
});
