import { expect } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import type { CartItem, CartResponse } from '@shop/contracts/cart';
import { inLanguage } from '@shop/contracts/data-keys';
import type { ShopLocale } from '@shop/contracts/locales';
import { PAGE_SIZE } from '@shop/contracts/product-query';
import type { Product, ProductsResponse } from '@shop/contracts/products';

/**
 * Every product of the catalogue (or of a listing query: `category=face`), in the shop's order: the test's own
 * reference, read page by page as the API hands it out (PAGE_SIZE.max at a time, by cursor), never by a page.
 */
export async function products(request: APIRequestContext, baseUrl: string, query = ''): Promise<Product[]> {
  const all: Product[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams(query);
    params.set('limit', String(PAGE_SIZE.max));
    if (cursor) params.set('cursor', cursor);
    const response = await request.get(`${baseUrl}/api/products?${params.toString()}`);
    expect(response.status(), await response.text()).toBe(200);
    const page = (await response.json()) as ProductsResponse;
    all.push(...page.products);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

/** Adds through the real API with the page's cookies, as a listing's button would. */
export async function addToCart(page: Page, baseUrl: string, productId: string, quantity = 1): Promise<void> {
  const response = await page.request.post(`${baseUrl}/api/cart/add`, { data: { productId, quantity } });
  expect(response.status(), await response.text()).toBe(200);
}

export async function setQuantity(page: Page, baseUrl: string, productId: string, quantity: number): Promise<void> {
  const response = await page.request.post(`${baseUrl}/api/cart/update`, { data: { productId, quantity } });
  expect(response.status(), await response.text()).toBe(200);
}

/** The cart as cart-service holds it for this page's visitor, its names in a language (French unless asked). */
export async function serverCart(page: Page, baseUrl: string, locale: ShopLocale = 'fr-MA'): Promise<CartItem[]> {
  const response = await page.request.get(`${baseUrl}${inLanguage('/api/cart', locale)}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as CartResponse).cart;
}

export function formatMad(amount: number): string {
  return new Intl.NumberFormat('fr-MA', { style: 'currency', currency: 'MAD' }).format(amount);
}

export const cartButton = (page: Page) => page.getByRole('button', { name: /^Panier, \d+ articles?$/ });
export const cartPanel = (page: Page) => page.getByRole('region', { name: 'Contenu du panier' });
export const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
