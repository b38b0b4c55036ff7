import { describe, expect, it } from 'vitest';
import { SHOP_LOCALES } from '@shop/contracts/locales';
import { formatPrice } from '@shop/contracts/money';
import type { Category, Product } from '@shop/contracts/products';
import { parseProductQuery, type ProductPage, type ProductQuery } from '@shop/contracts/product-query';
import { pageRoutes } from '@shop/contracts/routes';
import { metadataTags } from './metadata-tags';
import { clip, pageMetadata, type CatalogueSeen } from './page-metadata';
import { NOT_FOUND_ENTRY, searchEntries } from './search-entries';

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
/** What a render read: one listing page, of a category's products (the API's filtering), with its query. */
function seen(products: Product[], query: Partial<ProductQuery> = {}, { total, nextCursor = null }: { total?: number; nextCursor?: string | null } = {}): CatalogueSeen {
  const parsed = parseProductQuery(new URLSearchParams(), { lenient: true });
  if (!parsed.ok) throw new Error('a lenient read always reads');
  const inCategory = query.category && query.category !== 'all' ? products.filter((p) => p.category === (query.category as Category)) : products;
  const page = { products: inCategory, total: total ?? inCategory.length, nextCursor } as ProductPage;
  return { listings: [{ query: { ...parsed.query, ...query }, page }] };
}
const og = (meta: ReturnType<typeof pageMetadata>, key: string) => meta.openGraph.find(([k]) => k === key)?.[1];

describe('pageMetadata', () => {
  it('gives a product with photos their 1200×630 JPEG for link previews, with the photo’s own text, and its JPEG to search engines', () => {
    const photo = '/images/photos/0123456789abcdef/1600x1200.jpg';
    const p = product('b', { images: [photo], imageAlts: ['Le flacon posé sur une pierre de l’Atlas'] });
    const meta = pageMetadata(`/shop/product/${p.slug}`, 200, { product: p }, absolute);
    expect(og(meta, 'og:image')).toBe('https://www.maison-argane.ma/images/photos/0123456789abcdef/share.jpg');
    expect([og(meta, 'og:image:type'), og(meta, 'og:image:width'), og(meta, 'og:image:height')]).toEqual(['image/jpeg', '1200', '630']);
    expect(og(meta, 'og:image:alt')).toBe('Le flacon posé sur une pierre de l’Atlas');
    expect((meta.structuredData[0] as { image: string[] }).image).toEqual([`https://www.maison-argane.ma${photo}`]);
  });

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

  it('describes a category with its count and price range from its first page, and points query variants to the listing', () => {
    const products = [product('a', { price: 69 }), product('b', { price: 289 }), product('c', { category: 'hair', price: 1000 })];
    const meta = pageMetadata('/shop/face/', 200, seen(products, { category: 'face' }), absolute);
    expect(meta.description).toContain(`Soins du visage Maison Argane : 2 soins naturels de ${formatPrice(69)} à ${formatPrice(289)}`);
    expect(meta.canonical).toBe('https://www.maison-argane.ma/shop/face');
    expect(meta.next).toBeUndefined();
    // A first page of a longer list: the API's total, and no price range it cannot know.
    expect(pageMetadata('/shop/face', 200, seen(products, { category: 'face' }, { total: 40, nextCursor: 'c2' }), absolute).description).toContain(
      'Soins du visage Maison Argane : 40 soins naturels, paiement',
    );
    // A sorted or filtered listing is the listing: its canonical URL, and its products' description is not the category's.
    const sorted = pageMetadata('/shop/face', 200, seen(products, { category: 'face', sort: 'prix-croissant' }), absolute, 'fr-MA', 'sort=prix-croissant');
    expect(sorted.canonical).toBe('https://www.maison-argane.ma/shop/face');
    expect(sorted.description).toBe(meta.description);
    const promo = pageMetadata('/shop/face', 200, seen(products, { category: 'face', promo: true }), absolute, 'fr-MA', 'promo=1');
    expect(promo.description).toBe(searchEntries['/shop/face'].description['fr-MA']);
    expect(pageMetadata('/shop/face', 200, {}, absolute).description).toBe(searchEntries['/shop/face'].description['fr-MA']);
    // Shared in a message, the category shows its first product's picture.
    expect(og(meta, 'og:image')).toBe('https://www.maison-argane.ma/images/products/soin-a.png?v=0123456789');
    expect(og(meta, 'twitter:card')).toBe('summary_large_image');
    expect(og(meta, 'product:price:amount')).toBeUndefined();
  });

  it('links a listing\'s next page and names a later page as its own canonical page, as its « Voir plus » link does', () => {
    const products = [product('a'), product('b')];
    const first = pageMetadata('/shop/face', 200, seen(products, { category: 'face' }, { total: 30, nextCursor: 'c2' }), absolute);
    expect(first.next).toBe('https://www.maison-argane.ma/shop/face?cursor=c2');
    expect(metadataTags(first)).toContain('<link rel="next" href="https://www.maison-argane.ma/shop/face?cursor=c2" data-page-meta>');
    const later = pageMetadata('/shop/face', 200, seen(products, { category: 'face', cursor: 'c2' }, { total: 30, nextCursor: 'c3' }), absolute, 'ar-MA', 'cursor=c2');
    expect(later.canonical).toBe('https://www.maison-argane.ma/ar/shop/face?cursor=c2');
    expect(later.next).toBe('https://www.maison-argane.ma/ar/shop/face?cursor=c3');
    // Filters are kept in the next page's link (the cursor is the filtered list's); the canonical is the listing.
    const promo = pageMetadata('/shop/all', 200, seen(products, { promo: true }, { total: 30, nextCursor: 'p2' }), absolute, 'fr-MA', 'promo=1');
    expect([promo.canonical, promo.next]).toEqual(['https://www.maison-argane.ma/shop/all', 'https://www.maison-argane.ma/shop/all?promo=1&cursor=p2']);
    // A layout variant reading 8 at a time: its next page, under the canonical listing.
    const loadMore = pageMetadata('/load-more', 200, seen(products, { limit: 8 }, { total: 30, nextCursor: 'l2' }), absolute);
    expect([loadMore.canonical, loadMore.next]).toEqual(['https://www.maison-argane.ma/shop/all', 'https://www.maison-argane.ma/load-more?cursor=l2']);
    // A slider's small reads are not the page's listing: no next page.
    expect(pageMetadata('/shop/slider', 200, seen(products, { category: 'face', limit: 8 }, { total: 9, nextCursor: 's2' }), absolute).next).toBeUndefined();
  });

  it('pictures the home page with its first offer, and leaves a content page without an image', () => {
    const home = pageMetadata('/', 200, seen([product('z'), product('a')], { promo: true, limit: 4 }), absolute);
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

  it('has a description of at most 160 characters for every page of the route table, in every language', () => {
    for (const locale of SHOP_LOCALES) {
      for (const route of pageRoutes) {
        const path = route.path.replace(':slug', 'x').replace(':number', 'MA-2026-000001');
        for (const catalogue of [seen([product('a')], { category: route.props && 'category' in route.props ? (route.props.category as Category) : 'all' }), {}]) {
          const { description } = pageMetadata(path, 200, catalogue, absolute, locale);
          expect(description.length, `${locale} ${route.path}`).toBeLessThanOrEqual(160);
          expect(description.length, `${locale} ${route.path}`).toBeGreaterThan(20);
        }
      }
    }
  });
});

/** Arabic pages write Western digits (decision 036): no Arabic-Indic or Eastern Arabic-Indic digit. */
const EASTERN_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/;
const ARABIC_LETTER = /[\u0621-\u064a]/;

describe('pageMetadata in Arabic (decision 036)', () => {
  const arabic = (id: string, over: Partial<Product> = {}) =>
    product(id, { name: `زيت الأركان ${id}`, description: 'زيت أركان طبيعي معصور على البارد، للوجه والشعر.', ...over });

  it('describes an Arabic product page in Arabic under /ar, names its French twin, and says so to link previews and in JSON-LD', () => {
    const p = arabic('a', { price: 289, availability: { status: 'low-stock', left: 2 } });
    const meta = pageMetadata(`/shop/product/${p.slug}`, 200, { product: p }, absolute, 'ar-MA');
    expect(meta.canonical).toBe('https://www.maison-argane.ma/ar/shop/product/soin-a');
    expect(meta.alternates).toEqual([
      { hreflang: 'fr-MA', href: 'https://www.maison-argane.ma/shop/product/soin-a' },
      { hreflang: 'ar-MA', href: 'https://www.maison-argane.ma/ar/shop/product/soin-a' },
      { hreflang: 'x-default', href: 'https://www.maison-argane.ma/shop/product/soin-a' },
    ]);
    expect(meta.description).toBe(`زيت الأركان a (${formatPrice(289, 'ar-MA')}): زيت أركان طبيعي معصور على البارد، للوجه والشعر.`);
    expect(meta.description).toContain('289,00\u00a0د.م.');
    expect(meta.description).not.toMatch(EASTERN_DIGITS);
    expect([og(meta, 'og:locale'), og(meta, 'og:locale:alternate')]).toEqual(['ar_MA', 'fr_MA']);
    expect([og(meta, 'og:title'), og(meta, 'og:url'), og(meta, 'og:image:alt')]).toEqual(['زيت الأركان a · Maison Argane', meta.canonical, p.name]);
    expect(og(meta, 'og:description')).toBe(meta.description);
    // The image is the same file in every language.
    expect(og(meta, 'og:image')).toBe('https://www.maison-argane.ma/images/products/soin-a.png?v=0123456789');

    expect(meta.structuredData.map((d) => d['@type'])).toEqual(['Product', 'BreadcrumbList']);
    const data = meta.structuredData[0] as { name: string; description: string; offers: { url: string; price: number } };
    expect(data).toMatchObject({ name: p.name, description: p.description, offers: { url: meta.canonical, price: 289 } });
    const crumbs = meta.structuredData[1] as { itemListElement: { name: string; item?: string; position: number }[] };
    expect(crumbs.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'الرئيسية', item: 'https://www.maison-argane.ma/ar' },
      { '@type': 'ListItem', position: 2, name: 'المتجر', item: 'https://www.maison-argane.ma/ar/shop' },
      { '@type': 'ListItem', position: 3, name: 'المنتجات', item: 'https://www.maison-argane.ma/ar/shop/all' },
      { '@type': 'ListItem', position: 4, name: p.name, item: meta.canonical },
    ]);
  });

  it('describes an Arabic category with its count and prices in Arabic, Western digits, titled with its Arabic label', () => {
    const products = [arabic('a', { price: 69 }), arabic('b', { price: 289 }), arabic('c', { price: 120 }), arabic('d', { category: 'hair' })];
    const meta = pageMetadata('/shop/face', 200, seen(products, { category: 'face' }), absolute, 'ar-MA');
    expect(meta.description).toBe(
      `العناية بالوجه من Maison Argane: 3 منتجات طبيعية مع الدفع عند الاستلام في جميع أنحاء المغرب، بأسعار من ${formatPrice(69, 'ar-MA')} إلى ${formatPrice(289, 'ar-MA')}`,
    );
    expect(meta.description).not.toMatch(EASTERN_DIGITS);
    expect(og(meta, 'og:title')).toBe('العناية بالوجه · Maison Argane');
    expect(meta.canonical).toBe('https://www.maison-argane.ma/ar/shop/face');
    // Arabic counts agree with their noun: one, two, three to ten, eleven and more.
    const count = (n: number) =>
      pageMetadata('/shop/face', 200, seen(products.slice(0, 1).concat(Array.from({ length: n - 1 }, (_, i) => arabic(`x${i}`))), { category: 'face' }), absolute, 'ar-MA').description;
    expect(count(1)).toContain(': منتج طبيعي واحد مع');
    expect(count(2)).toContain(': منتجان طبيعيان مع');
    expect(count(11)).toContain(': 11 منتجًا طبيعيًا مع');
    // Without the catalogue, the page's own Arabic description.
    expect(pageMetadata('/shop/face', 200, {}, absolute, 'ar-MA').description).toBe(searchEntries['/shop/face'].description['ar-MA']);
  });

  it('gives the Arabic home page the shop and its search in Arabic: /ar, inLanguage ar-MA, the search under /ar', () => {
    const meta = pageMetadata('/', 200, {}, absolute, 'ar-MA');
    expect(meta.canonical).toBe('https://www.maison-argane.ma/ar');
    expect(meta.structuredData).toEqual([
      { '@context': 'https://schema.org', '@type': 'Organization', name: 'Maison Argane', url: 'https://www.maison-argane.ma/ar' },
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: 'Maison Argane',
        url: 'https://www.maison-argane.ma/ar',
        inLanguage: 'ar-MA',
        potentialAction: {
          '@type': 'SearchAction',
          target: 'https://www.maison-argane.ma/ar/shop/all?q={search_term_string}',
          'query-input': 'required name=search_term_string',
        },
      },
    ]);
    expect((pageMetadata('/', 200, {}, absolute).structuredData[1] as { inLanguage: string }).inLanguage).toBe('fr-MA');
  });

  it('names a French page\'s Arabic twin and x-default, from its canonical path, and its other language for link previews', () => {
    const meta = pageMetadata('/shop/face/', 200, {}, absolute);
    expect(meta.alternates).toEqual([
      { hreflang: 'fr-MA', href: 'https://www.maison-argane.ma/shop/face' },
      { hreflang: 'ar-MA', href: 'https://www.maison-argane.ma/ar/shop/face' },
      { hreflang: 'x-default', href: 'https://www.maison-argane.ma/shop/face' },
    ]);
    expect([og(meta, 'og:locale'), og(meta, 'og:locale:alternate')]).toEqual(['fr_MA', 'ar_MA']);
    expect(pageMetadata('/', 200, {}, absolute).alternates.map((a) => a.href)).toEqual([
      'https://www.maison-argane.ma/',
      'https://www.maison-argane.ma/ar',
      'https://www.maison-argane.ma/',
    ]);
    // A layout variant's alternates are its canonical page's, in both languages.
    const variant = pageMetadata('/shop/left-sidebar', 200, {}, absolute, 'ar-MA');
    expect(variant.canonical).toBe('https://www.maison-argane.ma/ar/shop/all');
    expect(variant.alternates.map((a) => a.href)).toEqual([
      'https://www.maison-argane.ma/shop/all',
      'https://www.maison-argane.ma/ar/shop/all',
      'https://www.maison-argane.ma/shop/all',
    ]);
  });

  it('keeps the same pages out of search results in Arabic; a 404 has no alternates and says so in Arabic', () => {
    for (const path of ['/shop/checkout', '/shop/cart', '/my-account', '/order-tracking']) {
      expect(pageMetadata(path, 200, {}, absolute, 'ar-MA').noindex, path).toBe(true);
    }
    const missing = pageMetadata('/nulle-part', 404, {}, absolute, 'ar-MA');
    expect(missing).toMatchObject({ description: NOT_FOUND_ENTRY.description['ar-MA'], noindex: true, alternates: [], structuredData: [] });
    expect(missing.canonical).toBeUndefined();
    expect([og(missing, 'og:locale'), og(missing, 'og:locale:alternate')]).toEqual(['ar_MA', undefined]);
  });

  it('writes every page\'s own description in Arabic, with Western digits, apart from the French one', () => {
    for (const [path, entry] of [...Object.entries(searchEntries), ['404', NOT_FOUND_ENTRY] as const]) {
      const text = entry.description['ar-MA'];
      expect(text, path).toMatch(ARABIC_LETTER);
      expect(text, path).not.toMatch(EASTERN_DIGITS);
      expect(text, path).not.toBe(entry.description['fr-MA']);
      expect(text.length, path).toBeLessThanOrEqual(160);
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
  it('writes the hreflang alternates after the canonical link, and the other language for Open Graph', () => {
    const tags = metadataTags(pageMetadata('/shop/face', 200, {}, absolute, 'ar-MA'));
    expect(tags).toContain(
      '<link rel="canonical" href="https://www.maison-argane.ma/ar/shop/face" data-page-meta>' +
        '<link rel="alternate" hreflang="fr-MA" href="https://www.maison-argane.ma/shop/face" data-page-meta>' +
        '<link rel="alternate" hreflang="ar-MA" href="https://www.maison-argane.ma/ar/shop/face" data-page-meta>' +
        '<link rel="alternate" hreflang="x-default" href="https://www.maison-argane.ma/shop/face" data-page-meta>',
    );
    expect(tags).toContain('<meta property="og:locale" content="ar_MA" data-page-meta><meta property="og:locale:alternate" content="fr_MA" data-page-meta>');
    expect(metadataTags(pageMetadata('/nulle-part', 404, {}, absolute))).not.toContain('hreflang');
  });


  it('escapes what it writes: a quote cannot end an attribute, `<` cannot end the JSON-LD script', () => {
    const p = product('a', { name: 'Soin "spécial" </script><b>', description: 'Pour <script>alert(1)</script> tous.' });
    const tags = metadataTags(pageMetadata(`/shop/product/${p.slug}`, 200, { product: p }, absolute));
    expect(tags).not.toContain('</script><b>');
    expect(tags).toContain('content="Soin &quot;spécial&quot; &lt;/script&gt;&lt;b&gt;');
    const json = /<script type="application\/ld\+json" data-page-meta>(.*?)<\/script>/.exec(tags)?.[1] ?? '';
    expect((JSON.parse(json) as { name: string }).name).toBe(p.name);
  });
});
