import { SHOP_LOCALES } from './locales';
import { describe, expect, it } from 'vitest';
import { crumbTarget, isKnownPath, labelForPath, labelForSegment, matchPageRoute, redirectFor } from './route-matching';
import { pageRoutes, pathTo, redirects, type ShopHref } from './routes';

/** Every path of the spec (section 2), as it spells them. */
const SPEC_PATHS = (
  '/ /about-us /blog-details /blog-grid /blog-grid-left-sidebar /blog-grid-right-sidebar /blog-masonary ' +
  '/blog-standard-left-sidebar /blog-standard-right-sidebar /category /contact /error /faq /gift-card /index2 /infinity ' +
  '/load-more /my-account /order-tracking /our-brand /shop /shop-list /shop/accordion /shop/all /shop/body /shop/cart ' +
  '/shop/category-on-top /shop/checkout /shop/countdown /shop/double-image /shop/face /shop/filter-dropdown ' +
  '/shop/filter-top /shop/full-content /shop/full-width /shop/gallery-grid /shop/hair /shop/left-sidebar ' +
  '/shop/low-stock-notice /shop/notify-me /shop/out-of-stock /shop/pack /shop/product-default /shop/product-full-width ' +
  '/shop/product-thumb-bottom /shop/product-thumb-left /shop/product-with-size-variation /shop/quick-view ' +
  '/shop/right-sidebar /shop/scroll-1-column /shop/slider /shop/standard /shop/vertical /shop/video-popup /shop/whistlist'
).split(' ');

describe('the route table', () => {
  it('holds each path once, every spec route, and a label for each page without a parameter', () => {
    const paths = pageRoutes.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(expect.arrayContaining(['/', '/shop/face', '/shop/checkout', '/shop/whistlist', '/blog-masonary']));
    // The spec's 55 pages (more may be added), plus a product's page and an order's confirmation.
    for (const path of SPEC_PATHS) expect(isKnownPath(path), path).toBe(true);
    expect(pageRoutes.filter((r) => 'param' in r).map((r) => r.path)).toEqual(['/shop/product/:slug', '/shop/order/:number']);
    for (const route of pageRoutes) {
      if ('param' in route) continue;
      // In every shop language, and in Arabic script on the Arabic side (decision 036).
      for (const locale of SHOP_LOCALES) expect(route.label?.[locale] ?? '', `${route.path} ${locale}`).not.toBe('');
      expect(route.label?.['ar-MA'], route.path).toMatch(/^[\u0600-\u06ff\s(),،]+$/);
    }
  });

  it('marks the checkout, and only it, as rendering the cart lines', () => {
    expect(pageRoutes.filter((r) => 'cartLines' in r && r.cartLines).map((r) => r.path)).toEqual(['/shop/checkout']);
  });

  it('redirects aliases to pages of the table', () => {
    for (const target of Object.values(redirects)) expect(matchPageRoute(target)).toBeDefined();
    expect(redirectFor('/shop/wishlist/')).toBe('/shop/whistlist');
    expect(redirectFor('/constructor')).toBeUndefined();
  });
});

describe('matching a path', () => {
  it('finds the page and decodes its parameter', () => {
    const match = matchPageRoute('/shop/product/cr%C3%A8me-argan');
    expect(match?.route.module).toBe('mf_catalog_pages/ProductPage');
    expect(match?.params).toEqual({ slug: 'crème-argan' });
    expect(matchPageRoute('/shop/order/K7M2-Q9XP')?.params).toEqual({ number: 'K7M2-Q9XP' });
    expect(matchPageRoute('/shop/face/')?.route.path).toBe('/shop/face');
  });

  it('knows pages, shell pages and aliases, and nothing else', () => {
    for (const path of ['/', '/shop/face', '/shop/product/x', '/error', '/home', '/shop/face/', '/shop/order/K7M2-Q9XP/']) {
      expect(isKnownPath(path), path).toBe(true);
    }
    for (const path of ['/shop/product', '/shop/product/', '/nope', '/constructor', '/shop/face/x', '/SHOP/FACE', '/shop/order', '/shop/order/K7M2-Q9XP/extra']) {
      expect(isKnownPath(path), path).toBe(false);
    }
  });

  it('labels pages and breadcrumb-only prefixes, and links a prefix to where its children are listed', () => {
    expect(labelForPath('/shop')).toBe('Boutique');
    expect(labelForPath('/error')).toBe('Page introuvable');
    expect(labelForPath('/shop/product')).toBe('Produits');
    expect(labelForPath('/shop/product/x')).toBeUndefined();
    expect(labelForPath('/toString')).toBeUndefined();
    expect(labelForSegment('cart')).toBe('Panier');
    expect(labelForSegment('product')).toBe('Produits');
    expect(labelForSegment('constructor')).toBeUndefined();
    expect(crumbTarget('/shop/product')).toBe('/shop/all');
    expect(crumbTarget('/shop/order')).toBeUndefined();
    expect(crumbTarget('/shop')).toBe('/shop');
  });
});

describe('links', () => {
  it('fills and encodes a parameter', () => {
    expect(pathTo('/shop/product/:slug', 'crème argan')).toBe('/shop/product/cr%C3%A8me%20argan');
    expect(pathTo('/shop/order/:number', 'K7M2-Q9XP')).toBe('/shop/order/K7M2-Q9XP');
  });

  it('types links: a path that is not a route does not compile (checked by typecheck)', () => {
    const good: ShopHref[] = ['/shop/face', '/shop/all?q=argan', '/shop/product/huile', '/error', '/faq#livraison'];
    // @ts-expect-error a misspelt page is not a ShopHref
    const bad: ShopHref = '/shop/fcae';
    // @ts-expect-error a prefix that is not a page is not one either
    const prefix: ShopHref = '/shop/order';
    expect([...good, bad, prefix]).toHaveLength(7);
  });
});
