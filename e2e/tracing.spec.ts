import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { releaseVersionOf } from '@shop/contracts/operations';
import { TRACE_META } from '@shop/contracts/progressive-delivery';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '@shop/server-kit/tracing/otlp-receiver';
import { SHOP_ATTRIBUTES, SHOP_SPANS } from '@shop/server-kit/tracing/shop-spans';
import { stackForThisFile } from './support/stack';

/**
 * Decision 035: the stack sends its spans, as OTLP/HTTP JSON, to a receiver on loopback standing for a collector; a
 * shopper's page load and their add to cart are each one trace across the shell, its renderer, cart-service and SQL.
 */
let receiver: OtlpReceiver;
const stack = stackForThisFile({
  env: () => ({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_BSP_SCHEDULE_DELAY: '100' }),
  beforeStart: async () => {
    receiver = await startOtlpReceiver();
  },
});
test.afterAll(async () => {
  await receiver?.close();
});

const SERVER = 2;
const isServer = (span: ReceivedSpan, service: string) => span.service === service && span.kind === SERVER;
const isSql = (span: ReceivedSpan) => span.attributes['db.system.name'] === 'postgresql' && typeof span.attributes['db.query.text'] === 'string';

/** The spans from `span` up to its trace's root, nearest first. */
function ancestors(trace: readonly ReceivedSpan[], span: ReceivedSpan): ReceivedSpan[] {
  const byId = new Map(trace.map((s) => [s.spanId, s]));
  const chain: ReceivedSpan[] = [];
  for (let parent = span.parentSpanId && byId.get(span.parentSpanId); parent; parent = parent.parentSpanId && byId.get(parent.parentSpanId)) {
    chain.push(parent);
  }
  return chain;
}

/** One root, the shell's server span; every other span's parent is in the trace (no link broken on the way). */
function expectOneTreeFromTheShell(trace: readonly ReceivedSpan[]): ReceivedSpan {
  const ids = new Set(trace.map((span) => span.spanId));
  const roots = trace.filter((span) => !span.parentSpanId);
  expect(roots.map((span) => `${span.service} ${span.name}`)).toHaveLength(1);
  expect(isServer(roots[0]!, 'shell')).toBe(true);
  const orphans = trace.filter((span) => span.parentSpanId && !ids.has(span.parentSpanId));
  expect(orphans.map((span) => `${span.service} ${span.name}`)).toEqual([]);
  return roots[0]!;
}

/**
 * Spans arrive in batches, each process on its own schedule: a trace is whole once its root has come and every span's
 * parent with it (a link broken on the way never completes, and the wait says what it got).
 */
function whole(trace: readonly ReceivedSpan[]): boolean {
  const ids = new Set(trace.map((span) => span.spanId));
  return trace.some((span) => !span.parentSpanId) && trace.every((span) => !span.parentSpanId || ids.has(span.parentSpanId));
}

const traceIdOf = async (page: Page) => (await page.locator(`meta[name="${TRACE_META}"]`).getAttribute('content'))!.split('-')[1]!;

test('one page load is one trace: the shell, its renderer, each part with its release, cart-service and SQL', async ({ page }) => {
  await page.goto(`${stack.url}/shop/face`);
  const traceId = await traceIdOf(page);
  const complete = (trace: ReceivedSpan[]) =>
    whole(trace) && trace.some((span) => span.name === SHOP_SPANS.rendererRender) && trace.some((span) => isServer(span, 'cart-service')) && trace.some(isSql);
  const trace = (await receiver.waitFor((spans) => complete(spans.filter((span) => span.traceId === traceId)))).filter((span) => span.traceId === traceId);

  const root = expectOneTreeFromTheShell(trace);
  expect(root.attributes['http.route']).toBe('/shop/face');
  const render = trace.find((span) => span.name === SHOP_SPANS.rendererRender)!;
  expect(render.service).toBe('shell-renderer');
  expect(ancestors(trace, render).map((span) => span.name)).toEqual([SHOP_SPANS.pageRender, 'GET /shop/face']);

  // Each part names its module, its remote and the release this stack runs, and says whether it missed the deadline.
  const parts = trace.filter((span) => span.parentSpanId === render.spanId && span.name.startsWith('part '));
  expect(parts.map((span) => span.attributes[SHOP_ATTRIBUTES.partModule]).sort()).toEqual(
    expect.arrayContaining(['mf_catalog_pages/CategoryPage', 'mf_frame/Footer', 'mf_frame/Header']),
  );
  for (const part of parts) {
    const remote = stack.remotes.remotes.find((entry) => entry.name === part.attributes[SHOP_ATTRIBUTES.remoteName]);
    expect(remote, part.name).toBeDefined();
    expect(part.attributes[SHOP_ATTRIBUTES.remoteVersion], part.name).toBe(releaseVersionOf(remote!.entry));
    expect(part.attributes[SHOP_ATTRIBUTES.partDeadlineMissed], part.name).toBe(false);
    expect(typeof part.attributes[SHOP_ATTRIBUTES.partRenderMs], part.name).toBe('number');
  }

  // The listing's read: from its part, through the renderer's request, into cart-service and its statement.
  const sql = trace.find(isSql)!;
  expect(ancestors(trace, sql).map((span) => `${span.service} ${span.name}`)).toEqual([
    'cart-service GET /api/products',
    'shell-renderer GET',
    'shell-renderer part mf_catalog_pages/CategoryPage',
    'shell-renderer renderer render',
    'shell page render',
    'shell GET /shop/face',
  ]);
});

test('one add to cart, tapped at first sight, is one trace from the shell to the statements that stored it', async ({ page }) => {
  await page.goto(`${stack.url}/shop/face`);
  await page.locator('main').getByRole('button', { name: /^Ajouter au panier : / }).first().click();
  const addedBy = (spans: ReceivedSpan[]) => spans.find((span) => isServer(span, 'cart-service') && span.attributes['http.route'] === '/api/cart/add');
  const added = addedBy(await receiver.waitFor((spans) => addedBy(spans) !== undefined))!;
  const inTrace = (spans: ReceivedSpan[]) => spans.filter((span) => span.traceId === added.traceId);
  const insertInto = (table: string) => (span: ReceivedSpan) =>
    isSql(span) && span.attributes['db.operation.name'] === 'INSERT' && String(span.attributes['db.query.text']).includes(`INSERT INTO ${table} `);
  const stored = (trace: ReceivedSpan[]) => whole(trace) && trace.some(insertInto('cart_lines'));
  const trace = inTrace(await receiver.waitFor((spans) => stored(inTrace(spans))));

  expectOneTreeFromTheShell(trace);
  const insert = trace.find(insertInto('cart_lines'))!;
  const chain = ancestors(trace, insert).map((span) => `${span.service} ${span.name}`);
  expect(chain.slice(0, 2)).toEqual(['cart-service sql transaction', 'cart-service POST /api/cart/add']);
  // The first tap opened the session its claim names (decision 039): that statement is in the same trace, under the add.
  const claim = trace.find(insertInto('session_claims'))!;
  expect(ancestors(trace, claim).map((span) => `${span.service} ${span.name}`)[0]).toBe('cart-service POST /api/cart/add');
  // The shell forwarded it: from the API's proxy (hydrated) or as the part's form posted before hydration.
  expect(chain.at(-1)).toMatch(/^shell POST \/(api\/\*|shop\/face)$/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a purchase and its tracking leave no phone number, address or cookie in any span', async ({ page, context }) => {
    const phone = '06 61 22 33 44';
    const address = '8 rue du Mellah, près de la porte';
    await page.goto(`${stack.url}/shop/face`);
    await page.locator('main').getByRole('button', { name: /^Ajouter au panier : / }).first().click();
    await page.goto(`${stack.url}/shop/checkout`);
    const form = page.locator('main').getByRole('form', { name: 'Livraison et paiement à la livraison' });
    await form.locator('input[name=fullName]').fill('Salma Benali');
    await form.locator('input[name=phone]').fill(phone);
    await form.locator('input[name=city]').fill('Essaouira');
    await form.locator('textarea[name=address]').fill(address);
    await form.getByRole('button', { name: 'Confirmer la commande' }).click();
    await expect(page).toHaveURL(/\/shop\/order\/[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    const number = page.url().split('/').pop()!;
    await page.goto(`${stack.url}/order-tracking`);
    const tracking = page.locator('main').getByRole('form', { name: 'Retrouver votre commande' });
    await tracking.locator('input[name=number]').fill(number);
    await tracking.locator('input[name=phone]').fill('0661223344');
    await tracking.getByRole('button', { name: 'Suivre ma commande' }).click();
    await expect(page.locator('main').getByRole('heading', { name: `Commande ${number}` })).toBeVisible();
    // A query that holds a phone number, as a careless link would.
    await page.goto(`${stack.url}/shop/face?tel=0661223344`);

    const tracked = (spans: ReceivedSpan[]) => spans.some((span) => span.name.startsWith('form ') && span.attributes[SHOP_ATTRIBUTES.formAction] === 'order-tracking');
    const spans = await receiver.waitFor((all) => tracked(all) && all.some((span) => span.attributes['url.query'] !== undefined));
    const cookies = (await context.cookies()).map((cookie) => cookie.value).filter((value) => value.length >= 8);
    expect(cookies.length).toBeGreaterThan(0);
    const secrets = ['0661223344', '661223344', '06 61 22 33 44', '8 rue du Mellah', 'Mellah', ...cookies];
    const texts = spans.flatMap((span) => [
      span.name,
      ...Object.entries(span.attributes).map(([key, value]) => `${span.service} ${span.name} ${key}=${JSON.stringify(value)}`),
      ...span.events.flatMap((event) => Object.values(event.attributes ?? {}).map((value) => JSON.stringify(value))),
    ]);
    for (const secret of secrets) expect(texts.filter((text) => text.includes(secret)), secret).toEqual([]);
    expect(texts.some((text) => /cookie/i.test(text))).toBe(false);
    // The checkout form's post was traced, without what was typed in it.
    expect(spans.some((span) => span.name === SHOP_SPANS.formPost('checkout'))).toBe(true);
  });
});
