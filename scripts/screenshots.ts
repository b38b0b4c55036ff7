// The docs' screenshots, taken from the running production build so that they can be refreshed after a change:
//
//   npx -y pnpm@10.34.9 build && npx -y pnpm@10.34.9 screenshots
//
// Starts the shop as the e2e journeys do (every process of the production stack on free loopback ports, a data folder
// of its own, tracing sent to a receiver on loopback), then writes into docs/screenshots/:
//   shop-face-fr-ar-375.png  /shop/face and /ar/shop/face side by side on a 375 px phone
//   console-remotes.png      the operators' console: the live versions of the remotes
//   console-orders.png       the console's orders, with one placed here
//   trace.png                one page load's trace, from the shell's request to SQL
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { TRACE_META } from '@shop/contracts/progressive-delivery';
import { startOtlpReceiver, type ReceivedSpan } from '@shop/server-kit/tracing/otlp-receiver';
import { products as catalogue } from '../e2e/support/cart';
import { chromiumLaunchOptions } from '../e2e/support/chromium';
import { addOperatorWithCommand, logIn } from '../e2e/support/operations';
import { startStack } from '../e2e/support/stack';
import { waterfallHtml, waterfallRows } from './trace-waterfall';

const folder = resolve(fileURLToPath(new URL('../docs/screenshots/', import.meta.url)));
const operatorsFile = join(await mkdtemp(join(tmpdir(), 'screenshots-operators-')), 'operators.json');
const receiver = await startOtlpReceiver();
const stack = await startStack({
  env: { OPERATORS_FILE: operatorsFile, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_BSP_SCHEDULE_DELAY: '100' },
});
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  await phonePages(browser);
  await consoleSections(browser);
  await pageLoadTrace(browser);
} finally {
  await browser.close();
  await stack.close();
  await receiver.close();
}

function products(page: Page) {
  return catalogue(page.request, stack.url);
}

/** A page once it has hydrated (the shell marks <html data-shop="ready">) and its images have loaded. */
async function settled(page: Page, path: string): Promise<void> {
  await page.goto(`${stack.url}${path}`, { waitUntil: 'networkidle' });
  await page.waitForSelector('html[data-shop="ready"]');
}

async function phonePages(browser: Browser): Promise<void> {
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  const shots: Buffer[] = [];
  for (const path of ['/shop/face', '/ar/shop/face']) {
    await settled(page, path);
    shots.push(await page.screenshot());
  }
  // Side by side, captioned, drawn by the same browser (no image library needed).
  const side = await browser.newPage({ viewport: { width: 790, height: 800 } });
  const image = (shot: Buffer, caption: string, lang: string) =>
    `<figure><img src="data:image/png;base64,${shot.toString('base64')}" width="375" alt=""><figcaption lang="${lang}">${caption}</figcaption></figure>`;
  await side.setContent(
    `<!doctype html><style>body{margin:0;display:flex;gap:16px;padding:8px;background:#f3f1ec;font:14px system-ui}figure{margin:0}figcaption{text-align:center;padding-top:4px}</style>${image(shots[0]!, 'Français : /shop/face', 'fr')}${image(shots[1]!, 'العربية : /ar/shop/face', 'ar')}`,
  );
  await side.screenshot({ path: join(folder, 'shop-face-fr-ar-375.png'), fullPage: true });
  await side.close();
  await phone.close();
}

async function consoleSections(browser: Browser): Promise<void> {
  await addOperatorWithCommand('amina', { OPERATORS_FILE: operatorsFile });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  // One order to show: a shopper's cart and checkout through the API.
  const [first] = await products(page);
  await page.request.post(`${stack.url}/api/cart/add`, { data: { productId: first!.id, quantity: 2 } });
  await page.request.post(`${stack.url}/api/orders`, {
    headers: { 'Idempotency-Key': `screenshots-${process.pid}` },
    data: { fullName: 'Samira Haddad', phone: '0612345678', city: 'Agadir', address: '5, avenue Hassan II, Talborjt' },
  });
  await logIn(page, stack.url, 'amina');
  await page.locator('#versions article').first().waitFor();
  await page.locator('#versions').screenshot({ path: join(folder, 'console-remotes.png') });
  await page.getByRole('link', { name: 'Commandes' }).first().click();
  await page.locator('#commandes').getByText('Samira Haddad').first().waitFor();
  await page.locator('#commandes').screenshot({ path: join(folder, 'console-orders.png') });
  await context.close();
}

async function pageLoadTrace(browser: Browser): Promise<void> {
  const page = await browser.newPage();
  const [first] = await products(page);
  await settled(page, `/shop/product/${first!.slug}`);
  const traceId = (await page.locator(`meta[name="${TRACE_META}"]`).getAttribute('content'))!.split('-')[1]!;
  await page.close();
  const whole = (spans: ReceivedSpan[]) => {
    const trace = spans.filter((span) => span.traceId === traceId);
    const ids = new Set(trace.map((span) => span.spanId));
    return trace.some((span) => span.service === 'cart-service') && trace.every((span) => !span.parentSpanId || ids.has(span.parentSpanId));
  };
  const trace = (await receiver.waitFor(whole, 15_000)).filter((span) => span.traceId === traceId);
  const view = await browser.newPage({ viewport: { width: 1100, height: 400 } });
  await view.setContent(waterfallHtml(`Trace ${traceId}: a product page, rendered on the server`, waterfallRows(trace)));
  await view.screenshot({ path: join(folder, 'trace.png'), fullPage: true });
  await view.close();
}
