/**
 * What the fault suites check at the end of a run: nothing the shop acknowledged was lost. Every order answered 201
 * (or 200 to a retry) reads back with its lines through its owner's cookie, and each order and each final cart holds,
 * per product, at least the adds answered 200 and at most those plus the adds whose answer was lost; the operators'
 * list holds each acknowledged order once, and no other.
 */
import type { AcknowledgedOrder, Shopper } from './shopper';

type Lines = { productId: string; quantity: number }[];

/** The order reads back through its owner's cookie with the lines it was acknowledged with; else what is wrong. */
export async function readsBack(shopper: Shopper, base: string, order: AcknowledgedOrder): Promise<string | undefined> {
  const answer = await shopper.request(`${base}/api/orders/${order.number}`, {}, { count: false, cookie: order.ownerCookie });
  if (answer?.status !== 200) return `LOST ORDER: shopper ${shopper.id}'s order ${order.number} was acknowledged but GET answers ${answer?.status ?? 'nothing'}`;
  const stored = new Map((answer.body as { order: { lines: Lines } }).order.lines.map((l) => [l.productId, l.quantity]));
  if (JSON.stringify([...stored].sort()) !== JSON.stringify([...order.lines].sort())) {
    return `CHANGED ORDER: ${order.number} was acknowledged with ${JSON.stringify([...order.lines])}, reads ${JSON.stringify([...stored])}`;
  }
  return undefined;
}

/** Numbers that occur more than once. */
export const twice = (numbers: readonly string[]) => [...new Set(numbers.filter((n, i) => numbers.indexOf(n) !== i))];

/** The operators' list (`stored`) holds every acknowledged order once, and no order nobody was told of. */
export function storedOnce(acknowledged: readonly string[], stored: readonly string[]): string[] {
  const problems: string[] = [];
  const unacknowledged = stored.filter((n) => !acknowledged.includes(n));
  if (unacknowledged.length) problems.push(`orders stored but never acknowledged (placed twice?): ${unacknowledged.join(', ')}`);
  if (twice(acknowledged).length) problems.push(`orders acknowledged twice: ${twice(acknowledged).join(', ')}`);
  if (twice(stored).length) problems.push(`orders stored twice: ${twice(stored).join(', ')}`);
  if (stored.length !== new Set(acknowledged).size) problems.push(`${stored.length} orders stored, ${new Set(acknowledged).size} acknowledged`);
  return problems;
}

/** Every order number cart-service holds, page after page of its operators' API (`get` adds the admin token). */
export async function allOrderNumbers(get: (path: string) => Promise<Response>): Promise<string[]> {
  const numbers: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await get(`/admin/orders?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    if (res.status !== 200) throw new Error(`GET /admin/orders answered ${res.status}: ${await res.text()}`);
    const page = (await res.json()) as { orders: { number: string }[]; nextCursor: string | null };
    numbers.push(...page.orders.map((o) => o.number));
    cursor = page.nextCursor;
  } while (cursor);
  return numbers;
}

export async function checkAcknowledged(shoppers: Shopper[], base: string): Promise<{ problems: string[]; ordersChecked: number; retriedOrders: number }> {
  const problems: string[] = [];
  let ordersChecked = 0;
  let retriedOrders = 0;
  for (const shopper of shoppers) {
    for (const problem of shopper.problems) problems.push(`shopper ${shopper.id}: ${problem}`);
    for (const order of shopper.orders) {
      ordersChecked += 1;
      if (order.retried) retriedOrders += 1;
      const problem = await readsBack(shopper, base, order);
      if (problem) problems.push(problem);
      // The lines it was acknowledged with against the adds before it: whatever the read-back found.
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
