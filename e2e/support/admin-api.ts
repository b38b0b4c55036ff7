import { expect } from '@playwright/test';
import type { SetStockBody, StockLevel, StockLevelResponse } from '@shop/contracts/stock';
import { ADMIN_TOKEN, type StackPorts } from './stack-env';

/**
 * Sets a product's units on hand as an operator would: `PUT /admin/stock/:productId` on cart-service itself (the shell
 * does not proxy /admin), with the stack's operators' token. Expects 200 and returns the new level.
 */
export async function setStock(stack: { ports: StackPorts }, productId: string, onHand: number): Promise<StockLevel> {
  const body: SetStockBody = { onHand };
  const response = await fetch(`http://127.0.0.1:${stack.ports['cart-service']}/admin/stock/${encodeURIComponent(productId)}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, `PUT /admin/stock/${productId} answered ${text}`).toBe(200);
  const { stock } = JSON.parse(text) as StockLevelResponse;
  expect(stock.onHand).toBe(onHand);
  return stock;
}
