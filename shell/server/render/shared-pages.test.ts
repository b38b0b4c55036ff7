import { describe, expect, it } from 'vitest';
import type { ServerPage } from './renderer';
import { isShareable, pageTags } from './shared-pages';

const config = {
  remotes: [
    { name: 'mf_frame', entry: 'http://127.0.0.1:8080/releases/mf-frame/1.0.0/mf-manifest.json' },
    { name: 'mf_catalog_pages', entry: 'http://127.0.0.1:8080/releases/mf-catalog-pages/1.2.0/mf-manifest.json' },
  ],
} as ServerPage['config'];
const card = (id: string) => ({ id }) as ServerPage['catalogue']['product'] & object;
const page = (over: Partial<ServerPage> = {}) => ({ status: 200, failedRemotes: [], problems: [], config, catalogue: {}, ...over }) as ServerPage;

describe('pages at the edge', () => {
  it('tags a listing with itself, its language, its releases, `listings` and each card', () => {
    const listing = page({ catalogue: { listings: [{ query: {} as never, page: { products: [card('sv-001'), card('sv-002')] } as never }] } });
    expect(pageTags('/ar/shop/face', 'ar-MA', listing)).toEqual([
      'shop',
      'page:/ar/shop/face',
      'lang:ar-MA',
      'release:mf_frame@1.0.0',
      'release:mf_catalog_pages@1.2.0',
      'listings',
      'product:sv-001',
      'product:sv-002',
    ]);
  });

  it('tags a product page with the product and its related products, and escapes what a tag cannot hold', () => {
    const product = page({ catalogue: { product: card('sv-003'), relatedIds: ['sv-004'] } });
    expect(pageTags('/shop/product/savon noir', 'fr-MA', product)).toEqual(['shop', 'page:/shop/product/savon%20noir', 'lang:fr-MA', 'release:mf_frame@1.0.0', 'release:mf_catalog_pages@1.2.0', 'product:sv-003', 'product:sv-004']);
  });

  it('shares only a page rendered whole, answered 200, for nobody in particular, writing no cookie', () => {
    expect(isShareable(page(), 200, false, false)).toBe(true);
    expect(isShareable(null, 200, false, false)).toBe(false);
    expect(isShareable(page(), 404, false, false)).toBe(false);
    expect(isShareable(page(), 200, true, false)).toBe(false);
    expect(isShareable(page(), 200, false, true)).toBe(false);
    expect(isShareable(page({ failedRemotes: ['mf_cart'] }), 200, false, false)).toBe(false);
    expect(isShareable(page({ problems: ['deadline'] }), 200, false, false)).toBe(false);
  });
});
