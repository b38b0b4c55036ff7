import { createHash } from 'node:crypto';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { START_ON_INTENT } from '@shop/contracts/forms';
import { pathTo } from '@shop/contracts/routes';
import type { RemoteName } from '@shop/contracts/remotes';
import { formatPrice } from '@shop/contracts/money';
import { SHARED_PAGE_CACHE_CONTROL } from '@shop/contracts/edge-cache';
import { HELD_UNTIL_HYDRATED_EVENT, TAP_HELD_ATTRIBUTE } from '@shop/contracts/held-events';
import { cartButton, products } from './support/cart';
import { consoleProblems } from './support/console';
import { descendants, isRenderer } from './support/process-tree';
import { buildRelease } from './support/release';
import { remoteEntry, stackForThisFile } from './support/stack';
import { repoRoot } from './support/stack-processes';
import { resealRelease } from './support/reseal-release';
import { expect, test } from './support/test';

const CANDIDATE = '1.0.1-ssr-e2e';
const THROWS = '1.0.0-ssr-throws';
const frameDist = resolve(repoRoot, 'mf-frame/dist');

/**
 * A release of mf_frame whose Node build throws while rendering the footer (its browser build is 1.0.0's, intact):
 * what a remote team's server-only bug looks like to the shell.
 */
async function releaseWhoseServerRenderThrows(): Promise<void> {
  await rm(resolve(frameDist, THROWS), { recursive: true, force: true });
  await cp(resolve(frameDist, '1.0.0'), resolve(frameDist, THROWS), { recursive: true });
  const chunk = resolve(frameDist, THROWS, 'ssr/__federation_expose_Footermf_frame.js');
  const code = await readFile(chunk, 'utf8');
  const broken = code.replace(/(function Footer\([\s\S]*?\)\s*\{)/, '$1 throw new Error("footer: server render broken");');
  expect(broken).not.toBe(code);
  await writeFile(chunk, broken);
  resealRelease(resolve(frameDist, THROWS));
}

const stack = stackForThisFile({
  beforeStart: async () => {
    await buildRelease('mf-frame', CANDIDATE);
    await releaseWhoseServerRenderThrows();
  },
});

test.afterAll(async () => {
  await rm(resolve(frameDist, THROWS), { recursive: true, force: true });
});

async function html(request: APIRequestContext, path: string): Promise<{ status: number; body: string }> {
  const response = await request.get(`${stack.url}${path}`, { headers: { accept: 'text/html' } });
  return { status: response.status(), body: await response.text() };
}

/** Text as the server wrote it in HTML (React escapes quotes and ampersands). */
const inHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const releaseOf = (body: string, remote: RemoteName) => new RegExp(`data-remote="${remote}" data-release="([^"]+)"`).exec(body)?.[1];

async function switchFrame(version: string): Promise<void> {
  await stack.writeRemotes({
    remotes: stack.remotes.remotes.map((r) => (r.name === 'mf_frame' ? { ...r, entry: remoteEntry(stack.ports, 'mf_frame', version) } : r)),
  });
}

test('the HTML of /shop/face, without a browser, holds the menus, every product with its price, the footer and each release', async ({ request }) => {
  const { status, body } = await html(request, '/shop/face');
  expect(status).toBe(200);
  for (const href of ['/shop/all', '/shop/body', '/shop/hair', '/shop/pack', '/shop/checkout']) expect(body).toContain(`href="${href}"`);
  const face = (await products(request, stack.url)).filter((p) => p.category === 'face');
  expect(face.length).toBeGreaterThan(3);
  for (const product of face) {
    expect(body).toContain(inHtml(product.name));
    expect(body).toContain(formatPrice(product.price));
    expect(body).toContain(`href="${pathTo('/shop/product/:slug', product.slug)}"`);
  }
  expect(body).toMatch(/<footer[^>]*data-remote="mf_frame"/);
  for (const remote of ['mf_frame', 'mf_cart', 'mf_catalog_pages'] as const) expect(releaseOf(body, remote), remote).toBe('1.0.0');
  // Styled before any script runs, with no request for it (the remote's stylesheet is in the page), and one inline
  // script, first in the head: the one that holds taps until hydration, which the Content-Security-Policy allows by its
  // hash and nothing else (026). The shell's scripts are requested after the first paint (018).
  expect(body).toMatch(/<style data-href="http:\/\/localhost:\d+\/1\.0\.0\/static\/css\/[^"]+__federation_expose_Header[^"]*\.css">[^<]*\{[^<]+<\/style>/);
  expect(body).not.toMatch(/<link rel="stylesheet"/);
  const inline = [...body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
  expect(inline).toHaveLength(1);
  expect(inline[0]).toContain('data-hold-until-hydrated');
  // It tells a region waiting to be needed that a tap in it is held (contracts/src/held-events.ts).
  expect(inline[0]).toContain(HELD_UNTIL_HYDRATED_EVENT);
  expect(inline[0]).toContain(TAP_HELD_ATTRIBUTE);
  expect(body.indexOf('<script>')).toBeLessThan(body.indexOf('<script '));
  const hash = createHash('sha256').update(inline[0]!, 'utf8').digest('base64');
  const csp = (await request.get(`${stack.url}/shop/face`)).headers()['content-security-policy'] ?? '';
  expect(csp.split(';').find((directive) => directive.startsWith('script-src'))).toContain(`'sha256-${hash}'`);
  expect(body.match(/<script [^>]*src="[^"]+"/g)).toEqual([expect.stringContaining(`src="${START_ON_INTENT}"`)]);
});

test('a page the edge keeps for every shopper goes without an opener policy; a shopper’s own page keeps it (decision 048)', async ({ request }) => {
  for (const path of ['/', '/shop/face', pathTo('/shop/product/:slug', 'serum-eclat-figue-de-barbarie')]) {
    const shared = await request.get(`${stack.url}${path}`);
    expect(shared.headers()['cache-control'], path).toBe(SHARED_PAGE_CACHE_CONTROL);
    expect(shared.headers()['cross-origin-opener-policy'], path).toBeUndefined();
  }
  for (const path of ['/shop/cart', '/shop/checkout'] as const) {
    const own = await request.get(`${stack.url}${path}`);
    expect(own.headers()['cache-control'], path).toBe('private, no-store');
    expect(own.headers()['cross-origin-opener-policy'], path).toBe('same-origin');
  }
});

test('a product page is in the HTML: name, price and description; its data goes with it so the browser does not ask again', async ({ request, page }) => {
  const [product] = await products(request, stack.url);
  const path = pathTo('/shop/product/:slug', product!.slug);
  const { status, body } = await html(request, path);
  expect(status).toBe(200);
  expect(body).toMatch(new RegExp(`<h1[^>]*>${inHtml(product!.name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`));
  expect(body).toContain(formatPrice(product!.price));
  expect(body).toContain(inHtml(product!.description));

  const apiReads: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/products')) apiReads.push(r.url());
  });
  await page.goto(`${stack.url}${path}`);
  await expect(page.getByRole('heading', { level: 1, name: product!.name })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(apiReads).toEqual([]);
});

test('unknown paths and unknown products answer 404 with the 404 page', async ({ request }) => {
  for (const path of ['/shop/product/does-not-exist', '/shop/nope', '/nope/at/all']) {
    const { status, body } = await html(request, path);
    expect(status, path).toBe(404);
    expect(body, path).toContain('Page introuvable');
  }
});

test('without JavaScript a shopper reads /shop/face and follows links from the home page to a product page', async ({ browser, request }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: 'fr-MA' });
  // eslint-disable-next-line no-restricted-syntax -- without JavaScript the page never hydrates: it is read as served.
  const page = await context.newPage();
  const face = (await products(request, stack.url)).filter((p) => p.category === 'face');
  await page.goto(`${stack.url}/shop/face`);
  for (const product of face) await expect(page.getByRole('link', { name: product.name }).first()).toBeVisible();

  await page.goto(`${stack.url}/`);
  const productLink = page.locator('main a[href^="/shop/product/"]').first();
  const href = await productLink.getAttribute('href');
  await productLink.click();
  await expect(page).toHaveURL(`${stack.url}${href}`);
  await expect(page.locator('main h1')).toBeVisible();
  expect(await page.locator('main h1').textContent()).not.toBe('Page introuvable');
  await context.close();
});

// Every route's server render and hydration without an error or warning: shell-routes.spec.ts, in its walk of the table.
test('after hydration, adding a product to the cart works: toast and badge, with no error or warning', async ({ page, request }) => {
  await products(request, stack.url);
  const problems = consoleProblems(page);
  await page.goto(`${stack.url}/shop/face`);
  expect(await page.locator('#shop-page').count()).toBe(1);
  await page.getByRole('button', { name: /^Ajouter au panier/ }).first().click();
  await expect(page.getByRole('alert').filter({ hasText: /ajouté/i })).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName('Panier, 1 article');
  expect(problems).toEqual([]);
});

test('a clock on the page (the promotion countdown) hydrates without a mismatch when the browser’s second is not the server’s', async ({ page }) => {
  // The browser runs 90 s ahead of the server: the countdown it would render differs from the served one every time.
  await page.clock.install({ time: Date.now() + 90_000 });
  const problems = consoleProblems(page);
  await page.goto(`${stack.url}/shop/countdown`);
  const timer = page.getByRole('timer', { name: 'Temps restant avant la fin de l’offre' });
  const served = await timer.textContent();
  // After the next tick, the browser's own time shows.
  await expect(timer).not.toHaveText(served!);
  expect(problems).toEqual([]);
});

test('a page whose own chunk arrives late (the contact form) is marked interactive only once it is: the first click counts', async ({ page }) => {
  // The catalogue's chunks other than its exposed modules come 1.5 s late, as on a slow phone network: the contact
  // page's chunk arrives after the root has hydrated, and until then the form is server HTML that hears no click.
  let held = 0;
  const catalogueOrigin = `http://localhost:${stack.ports['mf-catalog-pages']}`;
  await page.route(
    (url) => url.origin === catalogueOrigin && url.pathname.includes('/static/js/async/') && !url.pathname.includes('__federation_expose_'),
    async (route) => {
      held += 1;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    },
  );
  await page.goto(`${stack.url}/contact`); // resolves once <html data-shop="ready">
  expect(held).toBeGreaterThan(0);
  const form = page.getByRole('form', { name: 'Votre message' });
  await form.getByRole('button', { name: 'Envoyer mon message' }).click();
  await expect(form.getByRole('alert')).toContainText('Veuillez corriger les 4 points suivants');
});

test('the footer hydrates when it is needed: its code is not in the first load, and a click on it before then still counts', async ({ page }) => {
  const problems = consoleProblems(page);
  const footerCode: string[] = [];
  page.on('request', (request) => {
    if (/__federation_expose_Footer[^/]*\.js$/.test(request.url())) footerCode.push(request.url());
  });
  // The footer's code is held until the test lets it go, as a slow network would.
  let letGo = () => {};
  const released = new Promise<void>((resolve) => (letGo = resolve));
  await page.route(/__federation_expose_Footer[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(`${stack.url}/shop/face`); // resolves once <html data-shop="ready">
  await page.waitForLoadState('networkidle');
  expect(footerCode).toEqual([]);

  // Clicking scrolls the link into view: the code is asked for, and the click waits for it instead of being lost.
  await page.locator('footer[data-remote="mf_frame"]').getByRole('link', { name: 'Questions fréquentes' }).click();
  await expect.poll(() => footerCode.length).toBe(1);
  expect(new URL(page.url()).pathname).toBe('/shop/face');
  letGo();
  await page.waitForURL(`${stack.url}/faq`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Questions fréquentes');
  // The shop's own navigation, not a page load: the document is still the one of /shop/face.
  expect(await page.evaluate(() => performance.getEntriesByType('navigation')[0]?.name)).toBe(`${stack.url}/shop/face`);
  expect(problems).toEqual([]);
});

test('a remote whose server render throws: 200, the rest rendered, the browser renders that part', async ({ page, request }) => {
  await switchFrame(THROWS);
  await expect.poll(async () => releaseOf((await html(request, '/shop/face')).body, 'mf_frame'), { timeout: 20_000 }).toBe('1.0.0');
  const { status, body } = await html(request, '/shop/face');
  expect(status).toBe(200);
  expect(body).not.toMatch(/<footer[^>]*data-remote="mf_frame"/);
  expect(body).toMatch(/<header[^>]*data-remote="mf_frame"/);
  await page.goto(`${stack.url}/shop/face`);
  await expect(page.locator('footer[data-remote="mf_frame"]')).toBeVisible();
  await switchFrame('1.0.0');
});

test('a remote host that is down: 200, the other parts rendered and the French fallback in the HTML', async ({ request }) => {
  await stack.stop('mf-frame');
  try {
    await expect.poll(async () => (await html(request, '/shop/face')).body.includes('data-remote="mf_frame"'), { timeout: 20_000 }).toBe(false);
    const { status, body } = await html(request, '/shop/face');
    expect(status).toBe(200);
    expect(body).toMatch(/<header class="[^"]*" data-fallback="mf_frame"/);
    expect(releaseOf(body, 'mf_catalog_pages')).toBe('1.0.0');
    expect(releaseOf(body, 'mf_cart')).toBe('1.0.0');
  } finally {
    await stack.start('mf-frame');
  }
  await expect.poll(async () => releaseOf((await html(request, '/shop/face')).body, 'mf_frame'), { timeout: 20_000 }).toBe('1.0.0');
});

/** Resident memory of the shell's server process and its renderer processes (decision 027), in MB. */
async function shellRssMb(): Promise<number> {
  const group = stack.pid('shell');
  if (group === undefined) throw new Error('shell not running');
  const nodes = descendants(group).filter((p) => /node$/.test(p.argv[0] ?? ''));
  const server = nodes.find((p) => !isRenderer(p) && !nodes.some((other) => other.ppid === p.pid && !isRenderer(other)));
  const rss = async (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${pid}/status`, 'utf8').catch(() => 'VmRSS: 0'))![1]) / 1024;
  const sizes = await Promise.all([server!, ...nodes.filter(isRenderer)].map((p) => rss(p.pid)));
  return sizes.reduce((a, b) => a + b, 0);
}

test('editing remotes.json switches the server HTML to another release on the next request, 50 times, with bounded memory', async ({ request }) => {
  test.setTimeout(240_000);
  // Light load beside the switches: pages keep being rendered while workers come and go.
  let loading = true;
  const load = (async () => {
    while (loading) expect((await html(request, '/shop/all')).status).toBe(200);
  })();
  const rss: number[] = [];
  for (let switchNumber = 1; switchNumber <= 50; switchNumber++) {
    const version = switchNumber % 2 === 1 ? CANDIDATE : '1.0.0';
    await switchFrame(version);
    // The shell picks the edit up by itself; the next page after it has the new release, without a restart.
    await expect.poll(async () => releaseOf((await html(request, '/shop/face')).body, 'mf_frame'), { timeout: 20_000 }).toBe(version);
    if (switchNumber === 1 || switchNumber === 50) rss.push(await shellRssMb());
  }
  loading = false;
  await load;
  const [afterFirst, afterFiftieth] = rss as [number, number];
  console.log(`shell RSS after switch 1: ${afterFirst.toFixed(0)} MB; after switch 50: ${afterFiftieth.toFixed(0)} MB`);
  expect(afterFiftieth).toBeLessThan(afterFirst * 2);
  expect(stack.logs('shell')).not.toMatch(/renderer crashed|renderer exited|renderer stuck/);
});
