import { mkdtempSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Page, Response } from '@playwright/test';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { AUTOMATIC_AUTHOR, BUCKET_COOKIE, bucketPlace, TELEMETRY_PATH, VIEW_TOKEN_PATH } from '@shop/contracts/progressive-delivery';
import type { RevisionHistory } from '@shop/contracts/operations';
import { cartButton } from './support/cart';
import { addOperatorWithCommand, logIn, remoteCard } from './support/operations';
import { breakCartButtonInBrowsers, cartReleaseNow, cartReleaseOn, freshShopper, operationsApi } from './support/progressive-delivery';
import { buildRelease } from './support/release';
import { freePort } from './support/stack-env';
import { remoteEntry, stackForThisFile } from './support/stack';
import { repoRoot } from './support/stack-processes';
import { expect, test } from './support/test';

const CANDIDATE = '1.1.0-canary';
const BROKEN = '1.1.1-casse';
const LIVE = '1.0.0';
const operatorsFile = join(mkdtempSync(join(tmpdir(), 'shop-operators-')), 'operators.json');
let token = '';
let metricsPort = 0;
// Where the shell draws its metrics token on its first start; Prometheus would read it as its credentials_file.
const metricsTokenFile = join(mkdtempSync(join(tmpdir(), 'shop-metrics-')), 'metrics-token');
const metricsAuth = () => ({ Authorization: `Bearer ${readFileSync(metricsTokenFile, 'utf8').trim()}` });

// Two releases of mf-cart built as its team's pipeline would, the second made to throw in browsers; an operator added
// with the README's command; the shell's metrics on an internal port of their own.
const stack = stackForThisFile({
  // The rule at 4 browsers instead of 20 (a fresh browser's page load costs ~2 s here); the service tests judge the default rule.
  env: () => ({ OPERATORS_FILE: operatorsFile, CANARY_CHECK_MS: '1000', CANARY_MIN_BROWSERS: '4', METRICS_PORT: String(metricsPort), METRICS_TOKEN_FILE: metricsTokenFile }),
  beforeStart: async () => {
    metricsPort = await freePort();
    await buildRelease('mf-cart', CANDIDATE);
    await buildRelease('mf-cart', BROKEN);
    await breakCartButtonInBrowsers(BROKEN);
    token = await addOperatorWithCommand('amina', { OPERATORS_FILE: operatorsFile });
  },
});
test.afterAll(async () => {
  for (const version of [CANDIDATE, BROKEN]) await rm(join(repoRoot, 'mf-cart', 'dist', version), { recursive: true, force: true });
});

/** The cart's release in the server's HTML for a browser with this cookie. */
async function servedRelease(request: APIRequestContext, cookie: string, path = '/about-us'): Promise<string | null> {
  const html = await (await request.get(`${stack.url}${path}`, { headers: { Cookie: cookie } })).text();
  return /data-remote="mf_cart"[^>]*data-release="([^"]+)"|data-release="([^"]+)"[^>]*data-remote="mf_cart"/.exec(html)?.slice(1).find(Boolean) ?? null;
}

const cookieHeader = (cookies: Array<{ name: string; value: string }>) => cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');

const cartOrigin = () => `http://localhost:${stack.ports['mf-cart']}`;
const api = (request: Parameters<typeof operationsApi>[0]) => operationsApi(request, stack.url, token);

test('a canary at 50 %: 9 to 31 of 40 fresh browsers get the candidate and keep it over 3 reloads and another page; the server HTML matches the code that loads', async ({ browser, request }) => {
  test.setTimeout(300_000);
  await api(request).startCanary('mf_cart', remoteEntry(stack.ports, 'mf_cart', CANDIDATE), 50, 'essai à 50 %');
  // The server picks by bucket; asking once for each release also warms both renderers before the shoppers come.
  const bucketWith = (candidate: boolean) => Array.from({ length: 100 }, (_, i) => i.toString(16).padStart(32, '0')).find((id) => bucketPlace(id, 'mf_cart') < 50 === candidate)!;
  // A renderer that is not ready within 3 s leaves the page to the browser (no release in the HTML): wait for it.
  await expect.poll(() => servedRelease(request, `${BUCKET_COOKIE}=${bucketWith(true)}`), { timeout: 20_000 }).toBe(CANDIDATE);
  expect(await servedRelease(request, `${BUCKET_COOKIE}=${bucketWith(false)}`)).toBe(LIVE);
  const seen: string[] = [];
  const reloadedFully = { [CANDIDATE]: 0, [LIVE]: 0 };
  for (let batch = 0; batch < 40; batch += 2) {
    const releases = await Promise.all(
      Array.from({ length: 2 }, () =>
        freshShopper(browser, async (page) => {
          // Product pictures are not what this journey looks at: the pages load faster without them.
          await page.context().route(/\/images\//, (route) => route.abort());
          const first = await cartReleaseOn(page, `${stack.url}/about-us`, cartOrigin());
          const release = first.html!;
          expect([CANDIDATE, LIVE]).toContain(release);
          expect(first).toEqual({ html: release, dom: release, loaded: [release] });
          const cookies = await page.context().cookies(stack.url);
          expect(cookies.find((cookie) => cookie.name === BUCKET_COOKIE)).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
          // Three reloads and another page: what the server answers this browser (its cookie) each time. A page load costs
          // ~1.5 s on two cores, so two browsers of each release reload for real, navigate client-side, and check the
          // code they load too.
          const fully = reloadedFully[release as keyof typeof reloadedFully]++ < 2;
          for (let reload = 0; reload < 3; reload++) {
            if (fully) {
              const answer = await page.reload();
              expect(await cartReleaseNow(page, (await answer?.text()) ?? '', cartOrigin())).toEqual({ html: release, dom: release, loaded: [release] });
            } else {
              expect(await servedRelease(page.context().request, cookieHeader(cookies))).toBe(release);
            }
          }
          if (fully) {
            // A client-side navigation (the breadcrumb's first crumb): no page load, the same release keeps the cart button.
            await page.getByRole('navigation', { name: 'Fil d’Ariane' }).getByRole('link', { name: 'Accueil' }).click();
            await expect(page).toHaveURL(`${stack.url}/`);
            const afterNavigation = await cartReleaseNow(page, '', cartOrigin());
            expect({ dom: afterNavigation.dom, loaded: afterNavigation.loaded }).toEqual({ dom: release, loaded: [release] });
          } else {
            // Another page, as the server answers this browser.
            expect(await servedRelease(page.context().request, cookieHeader(cookies), '/shop/body')).toBe(release);
          }
          return release;
        }),
      ),
    );
    seen.push(...releases);
  }
  expect(reloadedFully[CANDIDATE]).toBeGreaterThanOrEqual(2);
  expect(reloadedFully[LIVE]).toBeGreaterThanOrEqual(2);
  const candidates = seen.filter((release) => release === CANDIDATE).length;
  test.info().annotations.push({ type: 'candidate browsers', description: `${candidates} of 40` });
  // Each browser's bucket is 128 random bits: the count is Binomial(40, 0.5). Outside 9–31 happens once in ~5,500
  // runs of a correct split; 12–28 failed once in ~160 (30 of 40 seen on CI's machine), a flaky bound, not a bug.
  expect(candidates).toBeGreaterThanOrEqual(9);
  expect(candidates).toBeLessThanOrEqual(31);
  await api(request).abortCanary();
});

test('a broken candidate at 50 %: its shoppers see the French fallback, the canary is aborted by itself within 30 s of the rule being met, and the history shows the figures', async ({ browser, request, page }) => {
  test.setTimeout(240_000);
  const started = await api(request).startCanary('mf_cart', remoteEntry(stack.ports, 'mf_cart', BROKEN), 50, 'correctif du panier');
  const rule = (await api(request).state()).rule;
  let candidateBrowsers = 0;
  // The rule is met when the shop has counted enough browsers that saw the candidate fail (all of them do). Before the
  // first view it cannot be; each look at the state that finds it unmet moves this forward, so the first look that
  // finds it met bounds when it was met.
  let unmetAt = Date.now();
  let ruleMetAt = 0;
  /** The candidate's browsers the shop has counted (Infinity once the canary has ended). */
  const counted = async () => {
    const { canary } = await api(request).state();
    if (canary === null) return Number.POSITIVE_INFINITY;
    if (canary.candidateFigures.browsers < rule.minBrowsers) unmetAt = Date.now();
    return canary.candidateFigures.browsers;
  };
  /** One page view: never a blank page, and the cart's part is the fallback or the live release's button. */
  const view = async (shopperPage: Page, load: () => Promise<Response | null>): Promise<string | null> => {
    const seen = await cartReleaseNow(shopperPage, (await (await load())?.text()) ?? '', cartOrigin());
    // Just after the start, the candidate's renderer may not be ready: the server then leaves the page to the browser
    // (no release in the HTML), which renders its bucket's release: the one it downloaded the cart's code from.
    const release = seen.html ?? (seen.loaded.length === 1 ? seen.loaded[0]! : null);
    await expect(shopperPage.getByRole('heading', { level: 1 })).toBeVisible();
    if (release === BROKEN) {
      await expect(shopperPage.getByRole('button', { name: 'Panier indisponible pour le moment' })).toBeVisible();
    } else {
      await expect(cartButton(shopperPage)).toBeVisible();
    }
    return release;
  };
  for (let shopper = 0; ruleMetAt === 0 && shopper < 40; shopper++) {
    await freshShopper(browser, async (shopperPage) => {
      await shopperPage.context().route(/\/images\//, (route) => route.abort());
      const beacon = shopper === 0 ? shopperPage.waitForResponse((r) => r.url() === `${stack.url}${TELEMETRY_PATH}` && r.request().method() === 'POST') : null;
      const release = await view(shopperPage, () => shopperPage.goto(`${stack.url}/about-us`));
      // The first shopper's report reaches the shop (a beacon's body is not shown to tests; the figures count it).
      if (beacon) expect((await beacon).status()).toBe(204);
      if (release !== BROKEN) return;
      candidateBrowsers += 1;
      // A shopper who got the candidate stays until the shop has counted its report, which leaves a second after the
      // page settles (a tab closed at once can lose it, as a shopper's can: then the next shoppers make up for it).
      const until = Date.now() + 10_000;
      while (Date.now() < until) {
        const seen = await counted();
        if (seen >= rule.minBrowsers) {
          ruleMetAt = unmetAt;
          return;
        }
        if (seen >= candidateBrowsers) return;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    });
  }
  expect(ruleMetAt).toBeGreaterThan(0);
  await expect
    .poll(async () => (await api(request).state()).canary, { timeout: 30_000, intervals: [250] })
    .toBeNull();
  const abortedIn = Date.now() - ruleMetAt;
  test.info().annotations.push({ type: 'aborted after the rule was met', description: `${abortedIn} ms` });
  expect(abortedIn).toBeLessThan(30_000);

  const history = (await (await request.get(`${stack.url}/operations/api/history`, { headers: { Authorization: `Bearer ${token}` } })).json()) as RevisionHistory;
  const abort = history.revisions[0]!;
  expect(abort.revision).toBe(started.revision.revision + 1);
  expect(abort).toMatchObject({ by: AUTOMATIC_AUTHOR, canary: { action: 'aborted', name: 'mf_cart' } });
  expect(abort.figures?.candidate).toMatchObject({ version: BROKEN, failed: abort.figures?.candidate.views, failedBrowsers: abort.figures?.candidate.browsers });
  expect(abort.figures!.candidate.browsers).toBeGreaterThanOrEqual(rule.minBrowsers);

  for (let shopper = 0; shopper < 5; shopper++) {
    expect((await freshShopper(browser, (shopperPage) => cartReleaseOn(shopperPage, `${stack.url}/about-us`, cartOrigin()))).html).toBe(LIVE);
  }
  // The console's history says it too, with the figures.
  await logIn(page, stack.url, 'amina');
  const newest = page.getByRole('table', { name: /Historique des révisions/ }).getByRole('row').nth(1);
  await expect(newest).toContainText(AUTOMATIC_AUTHOR);
  await expect(newest).toContainText(`mf_cart ${BROKEN} : déploiement progressif abandonné`);
  await expect(newest).toContainText(`Abandon automatique : ${BROKEN} échoue chez 100 % des navigateurs`);
});

test('promoted from the console, the candidate is every new shopper’s release, and the history shows the promotion', async ({ browser, page, request }) => {
  test.setTimeout(120_000);
  await logIn(page, stack.url, 'amina');
  const card = remoteCard(page, 'mf_cart');
  await card.getByLabel('Version candidate (mf_cart)').selectOption(remoteEntry(stack.ports, 'mf_cart', CANDIDATE));
  await card.getByLabel('Part des navigateurs en % (mf_cart)').fill('20');
  await card.getByLabel('Raison (mf_cart)').fill('nouvelle version du panier');
  await card.getByRole('button', { name: 'Lancer le déploiement progressif de mf_cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: `mf_cart ${CANDIDATE} : déploiement progressif lancé à 20 %` })).toBeVisible();
  const running = card.getByRole('region', { name: 'Déploiement progressif en cours' });
  await expect(running).toContainText(`Version candidate ${CANDIDATE} pour 20 % des navigateurs`);
  await running.getByRole('button', { name: `Promouvoir ${CANDIDATE} pour tous` }).click();
  await expect(page.getByRole('status').filter({ hasText: `mf_cart : ${LIVE} → ${CANDIDATE} en ligne` })).toBeVisible();
  await expect(page.getByRole('table', { name: /Historique des révisions/ }).getByRole('row').nth(1)).toContainText(`mf_cart : ${LIVE} → ${CANDIDATE}`);
  // The live renderer starts on the new configuration; until it is ready (a few seconds) pages are left to browsers.
  await expect.poll(() => servedRelease(request, ''), { timeout: 20_000 }).toBe(CANDIDATE);

  for (let shopper = 0; shopper < 5; shopper++) {
    const seen = await freshShopper(browser, (shopperPage) => cartReleaseOn(shopperPage, `${stack.url}/about-us`, cartOrigin()));
    expect(seen).toEqual({ html: CANDIDATE, dom: CANDIDATE, loaded: [CANDIDATE] });
  }
});

test('/metrics on the internal port parses as Prometheus text, and its counters move when pages are served', async ({ request }) => {
  // Any process on the machine reaches the port (a remote team's renderer too): nothing without the token.
  expect((await request.get(`http://127.0.0.1:${metricsPort}/metrics`)).status()).toBe(401);
  const scrape = async () => {
    const response = await request.get(`http://127.0.0.1:${metricsPort}/metrics`, { headers: metricsAuth() });
    expect(response.status()).toBe(200);
    return parsePrometheusTextFormat(await response.text());
  };
  const pages = (families: ReturnType<typeof parsePrometheusTextFormat>) =>
    Number(families.find((f) => f.name === 'shop_http_requests_total')?.metrics.find((m) => m.labels?.kind === 'page' && m.labels?.status === '2xx')?.value ?? 0);
  const failedLoads = (families: ReturnType<typeof parsePrometheusTextFormat>) =>
    Number(
      families
        .find((f) => f.name === 'shop_remote_views_total')
        ?.metrics.find((m) => m.labels?.remote === 'mf_frame' && m.labels?.release === LIVE && m.labels?.outcome === 'load_failed')?.value ?? 0,
    );
  const before = await scrape();
  for (let i = 0; i < 5; i++) {
    const answer = await request.get(`${stack.url}/shop/hair`);
    expect(answer.status()).toBe(200);
    await answer.text();
  }
  // A browser's report of a live release (mf_frame's: no journey here changes it) that failed to load, as sent, with
  // the view token this browser is given.
  const { token } = (await (await request.get(`${stack.url}${VIEW_TOKEN_PATH}`)).json()) as { token: string };
  const report = { token, views: [{ remote: 'mf_frame', version: LIVE, outcome: 'load_failed' }] };
  expect((await request.post(`${stack.url}${TELEMETRY_PATH}`, { headers: { 'Content-Type': 'application/json' }, data: report })).status()).toBe(204);
  const after = await scrape();
  expect(pages(after)).toBe(pages(before) + 5);
  expect(failedLoads(after)).toBe(failedLoads(before) + 1);
  expect(after.find((f) => f.name === 'shop_server_render_duration_seconds')?.type).toBe('HISTOGRAM');
  expect((await request.get(`${stack.url}/metrics`)).status()).toBe(404);
});

test('1,000 malformed or oversized beacons: no 5xx, nothing counted, and the address is limited with 429', async ({ request }) => {
  test.setTimeout(120_000);
  const counted = async () => {
    const text = await (await request.get(`http://127.0.0.1:${metricsPort}/metrics`, { headers: metricsAuth() })).text();
    return parsePrometheusTextFormat(text).find((f) => f.name === 'shop_remote_views_total')?.metrics.reduce((sum, m) => sum + Number(m.value), 0) ?? 0;
  };
  const before = await counted();
  const bodies = [
    '{"views": [',
    'null',
    JSON.stringify({ views: [{ remote: 'mf_cart', version: LIVE, outcome: 'rendered', page: '/checkout' }] }),
    JSON.stringify({ views: [{ remote: 'mf_autre', version: LIVE, outcome: 'rendered' }] }),
    JSON.stringify({ views: [{ remote: 'mf_cart', version: '<script>', outcome: 'rendered' }] }),
    JSON.stringify({ views: Array.from({ length: 40 }, () => ({ remote: 'mf_cart', version: LIVE, outcome: 'rendered' })) }),
    'x'.repeat(4096),
  ];
  const statuses = new Map<number, number>();
  // The limit is per address per fixed minute, and earlier tests of this file posted from the same address: a burst
  // that straddles the minute's end is split between two windows. So after the first 1,000 the burst goes on until the
  // limit answers (3,000 at most, a few seconds: one window boundary at most), instead of hoping 1,000 fall in one.
  for (let start = 0; start < 1000 || (!statuses.has(429) && start < 3000); start += 25) {
    const batch = await Promise.all(
      Array.from({ length: 25 }, async (_, i) => {
        const body = bodies[(start + i) % bodies.length]!;
        const response = await request.post(`${stack.url}${TELEMETRY_PATH}`, { headers: { 'Content-Type': 'application/json' }, data: body });
        return response.status();
      }),
    );
    for (const status of batch) statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  test.info().annotations.push({ type: 'statuses', description: JSON.stringify(Object.fromEntries(statuses)) });
  expect([...statuses.keys()].filter((status) => status >= 500 || status < 400)).toEqual([]);
  expect(statuses.get(429)).toBeGreaterThan(0);
  expect(await counted()).toBe(before);
});
