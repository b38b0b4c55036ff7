/**
 * What both fault suites check at the end of a run: nothing the shop acknowledged was lost. Every order answered 201
 * (or 200 to a retry) reads back with its lines through its owner's cookie, and each order and each final cart holds,
 * per product, at least the adds answered 200 and at most those plus the adds whose answer was lost.
 */
import type { Shopper } from './shopper';

type Lines = { productId: string; quantity: number }[];

export async function checkAcknowledged(shoppers: Shopper[], base: string): Promise<{ problems: string[]; ordersChecked: number; retriedOrders: number }> {
  const problems: string[] = [];
  let ordersChecked = 0;
  let retriedOrders = 0;
  for (const shopper of shoppers) {
    for (const problem of shopper.problems) problems.push(`shopper ${shopper.id}: ${problem}`);
    for (const order of shopper.orders) {
      ordersChecked += 1;
      if (order.retried) retriedOrders += 1;
      const answer = await shopper.request(`${base}/api/orders/${order.number}`, {}, { count: false, cookie: order.ownerCookie });
      if (answer?.status !== 200) {
        problems.push(`LOST ORDER: shopper ${shopper.id}'s order ${order.number} was acknowledged but GET answers ${answer?.status ?? 'nothing'}`);
        continue;
      }
      const stored = new Map((answer.body as { order: { lines: Lines } }).order.lines.map((l) => [l.productId, l.quantity]));
      if (JSON.stringify([...stored].sort()) !== JSON.stringify([...order.lines].sort())) {
        problems.push(`CHANGED ORDER: ${order.number} was acknowledged with ${JSON.stringify([...order.lines])}, reads ${JSON.stringify([...stored])}`);
      }
      problems.push(...bounds(`shopper ${shopper.id}'s order ${order.number}`, order.lines, order.expected.acknowledged, order.expected.uncertain));
    }
    const cart = await shopper.request(`${base}/api/cart`, {}, { count: false });
    if (cart?.status !== 200) {
      problems.push(`shopper ${shopper.id}: GET /api/cart answered ${cart?.status ?? 'nothing'} after the run`);
      continue;
    }
    const lines = new Map((cart.body as { cart: Lines }).cart.map((l) => [l.productId, l.quantity]));
    problems.push(...bounds(`shopper ${shopper.id}'s cart`, lines, shopper.acknowledged, shopper.uncertain));
  }
  return { problems, ordersChecked, retriedOrders };
}

/**
 * What a cart (or an order) holds against what the shopper was told: at least every acknowledged add, at most those
 * plus the adds whose answer was lost (they may or may not have been applied).
 */
function bounds(what: string, held: Map<string, number>, acknowledged: Map<string, number>, uncertain: Map<string, number>): string[] {
  const problems: string[] = [];
  for (const productId of new Set([...held.keys(), ...acknowledged.keys(), ...uncertain.keys()])) {
    const has = held.get(productId) ?? 0;
    const low = acknowledged.get(productId) ?? 0;
    const high = low + (uncertain.get(productId) ?? 0);
    if (has < low) problems.push(`LOST: ${what} holds ${productId}×${has}, but ${low} were acknowledged`);
    if (has > high) problems.push(`UNEXPECTED: ${what} holds ${productId}×${has}, at most ${high} were sent (${low} acknowledged)`);
  }
  return problems;
}
