import { expect } from '@playwright/test';
import type { Product } from '@shop/contracts/products';
import { ADMIN_TOKEN, type StackPorts } from './stack-env';

/** A catalogue file's product (cart-service/src/catalogue/catalogue.json's shape). */
export type CatalogueFileProduct = Pick<Product, 'id' | 'slug' | 'category' | 'name' | 'description' | 'price' | 'images' | 'updatedAt'> & {
  oldPrice?: number;
  translations?: Record<string, { name: string; description: string }>;
};

/**
 * Adds or updates products as an operator would: `POST /admin/catalogue` on cart-service itself (the shell does not
 * proxy /admin), with the stack's operators' token; products not named are kept.
 */
export async function importProducts(stack: { ports: StackPorts }, products: CatalogueFileProduct[]): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${stack.ports['cart-service']}/admin/catalogue`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ currency: 'MAD', products }),
  });
  expect(response.status, `POST /admin/catalogue answered ${await response.clone().text()}`).toBe(200);
}
