import { expect } from '@playwright/test';
import type { StockLevel, StockLevelResponse } from '@shop/contracts/stock';
import { putStock, type StackPorts } from './stack-env';

/** Sets a product's units on hand (putStock), expects 200 and returns the new level. */
export async function setStock(stack: { ports: StackPorts }, productId: string, onHand: number): Promise<StockLevel> {
  const response = await putStock(stack.ports, productId, onHand);
  const text = await response.text();
  expect(response.status, `PUT /admin/stock/${productId} answered ${text}`).toBe(200);
  const { stock } = JSON.parse(text) as StockLevelResponse;
  expect(stock.onHand).toBe(onHand);
  return stock;
}
