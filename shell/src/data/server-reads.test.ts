import { describe, expect, it } from 'vitest';
import { unstable_serialize } from 'swr';
import { breadcrumbProductKey, productKey } from '@shop/contracts/data-keys';
import { listingKey } from '@shop/contracts/listing-key';
import { pageReads, type ApiAnswer } from './server-reads';

function reads(answers: Record<string, ApiAnswer>) {
  const asked: string[] = [];
  const page = pageReads(async (path) => {
    asked.push(path);
    return answers[path] ?? null;
  });
  return { page, asked };
}

describe('pageReads', () => {
  it('fetches a readable key once, puts a 200 in the cache as loaded and hands it over', async () => {
    const { page, asked } = reads({ '/api/products': { status: 200, body: { products: [] } } });
    const first = page.read(listingKey('', {}, undefined));
    expect(page.read(listingKey('', {}, undefined))).toBe(first);
    await first;
    expect(asked).toEqual(['/api/products']);
    expect(page.cache.get(unstable_serialize(listingKey('', {}, undefined)))).toEqual({ data: { products: [] }, isLoading: false, isValidating: false });
    expect(page.answered()).toEqual([[listingKey('', {}, undefined), { products: [] }]]);
    expect(page.notFound()).toBe(false);
  });

  it('marks the page not found on a 404 and hands nothing over', async () => {
    const { page } = reads({ '/api/products/inconnu': { status: 404, body: null } });
    await page.read(productKey('', 'inconnu'));
    expect(page.notFound()).toBe(true);
    expect(page.answered()).toEqual([]);
  });

  it('leaves a key to the browser when the service fails or does not answer in time', async () => {
    const { page } = reads({ '/api/products/savon': { status: 503, body: null } });
    await page.read(breadcrumbProductKey('savon'));
    await page.read(listingKey('', {}, undefined));
    expect(page.answered()).toEqual([]);
    expect(page.notFound()).toBe(false);
    expect(page.cache.size).toBe(0);
  });

  it('never reads private data on the server: the cart and orders are not readable keys', () => {
    const { page, asked } = reads({});
    expect(page.read('/api/cart')).toBeUndefined();
    expect(page.read(['mf_catalog_pages/order', '/api/orders/ABCD-EFGH'])).toBeUndefined();
    expect(asked).toEqual([]);
  });
});
