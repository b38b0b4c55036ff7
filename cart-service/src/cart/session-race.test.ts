import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SESSION_CLAIM_COOKIE } from '@shop/contracts/session-claim';
import { applySetCookies, cookieHeaderOf } from '../test-support/cookie-client';
import { embeddedAppPerSuite } from '../test-support/test-app';

const { app } = embeddedAppPerSuite({ stockEach: 1000 });

const PRODUCTS = ['sv-001', 'sv-002', 'sh-001'] as const;
type Request = { kind: 'read' } | { kind: 'add'; productId: string };

/**
 * A browser with no session yet, as the head script leaves it before its first write (decision 039): a claim cookie,
 * nothing else. Each request is sent with the cookies the jar holds when it leaves; each answer's Set-Cookie is
 * applied when it arrives, in whatever order they arrive, the last one winning, as a browser does.
 */
function browser(claim: string | undefined) {
  const jar = new Map<string, string>();
  if (claim) jar.set(SESSION_CLAIM_COOKIE, claim);
  const send = async (request: Request) => {
    const headers: Record<string, string> = { Origin: 'http://localhost:3000' };
    if (jar.size > 0) headers.Cookie = cookieHeaderOf(jar);
    const init: RequestInit =
      request.kind === 'read'
        ? { headers }
        : { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify({ productId: request.productId }) };
    const response = await fetch(`${app.url}${request.kind === 'read' ? '/api/cart' : '/api/cart/add'}`, init);
    return { status: response.status, setCookies: response.headers.getSetCookie(), body: (await response.json()) as unknown };
  };
  const cart = async () => {
    const { body } = await send({ kind: 'read' });
    return new Map((body as { cart: Array<{ productId: string; quantity: number }> }).cart.map((line) => [line.productId, line.quantity]));
  };
  return { jar, send, cart, receive: (setCookies: string[]) => applySetCookies(jar, setCookies) };
}

const request: fc.Arbitrary<Request> = fc.oneof(
  fc.constant<Request>({ kind: 'read' }),
  fc.constantFrom(...PRODUCTS).map((productId): Request => ({ kind: 'add', productId })),
);
const claim = fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'), minLength: 22, maxLength: 22 });

describe('one browser, one cart, however its first requests race (decision 039)', () => {
  it('every acknowledged add is in the cart the browser ends with, in any interleaving of cookie-less reads and writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(request, { minLength: 1, maxLength: 10 }), claim, fc.scheduler(), async (requests, claimValue, s) => {
        const shopper = browser(claimValue);
        const acknowledged = new Map<string, number>();
        const runs = requests.map(async (each, index) => {
          // When it leaves (with the cookies of that moment) and when its answer is read: both in the scheduler's order.
          await s.schedule(Promise.resolve(), `send #${index} ${each.kind}`);
          const answer = await shopper.send(each);
          await s.schedule(Promise.resolve(), `answer #${index}`);
          shopper.receive(answer.setCookies);
          if (each.kind === 'read') {
            expect(answer.status).toBe(200);
            expect(answer.setCookies).toEqual([]); // a read never opens (nor re-sends) a session
          } else if (answer.status === 200) {
            acknowledged.set(each.productId, (acknowledged.get(each.productId) ?? 0) + 1);
          }
        });
        await s.waitFor(Promise.all(runs));
        expect(await shopper.cart()).toEqual(acknowledged);
      }),
      { numRuns: 60 },
    );
  });

  it('without a claim, two writes racing open two sessions and the browser keeps one: the claim is what keeps both lines', async () => {
    // The race the claim exists for, shown: both answers arrive, the earlier request's last.
    const shopper = browser(undefined);
    const [first, second] = await Promise.all([
      shopper.send({ kind: 'add', productId: 'sv-001' }),
      shopper.send({ kind: 'add', productId: 'sv-002' }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    shopper.receive(second.setCookies);
    shopper.receive(first.setCookies);
    expect(await shopper.cart()).toEqual(new Map([['sv-001', 1]]));

    const claimed = browser('TwoWritesOneClaim00000');
    const answers = await Promise.all([claimed.send({ kind: 'add', productId: 'sv-001' }), claimed.send({ kind: 'add', productId: 'sv-002' })]);
    for (const answer of answers.reverse()) claimed.receive(answer.setCookies);
    expect(await claimed.cart()).toEqual(new Map([['sv-001', 1], ['sv-002', 1]]));
  });
});
