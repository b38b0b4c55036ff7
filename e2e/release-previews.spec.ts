import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { PREVIEW_MESSAGES, PREVIEW_RENDER_HEADER, type PreviewCreated } from '@shop/contracts/previews';
import { TELEMETRY_SAMPLE_META } from '@shop/contracts/progressive-delivery';
import { addOperatorWithCommand } from './support/operations';
import { readFileSync } from 'node:fs';
import { renderersOf, serverProcessOf } from './support/process-tree';
import { cartReleaseNow, freshShopper } from './support/progressive-delivery';
import { buildRelease } from './support/release';
import { remoteEntry, stackForThisFile } from './support/stack';
import { repoRoot } from './support/stack-processes';
import { addTeamWithCommand } from './support/team-releases';
import { expect, interactiveAfterLoad, test } from './support/test';

const CANDIDATE = '1.0.1';
const LIVE = '1.0.0';
const PREVIEW_RENDERERS = 2;
const operatorsFile = join(mkdtempSync(join(tmpdir(), 'shop-operators-')), 'operators.json');
let team = '';
let operator = '';

// mf-cart 1.0.1 built as its team's pipeline would; the team's token and an operator's, made with the README's commands.
const stack = stackForThisFile({
  env: () => ({ OPERATORS_FILE: operatorsFile, PREVIEW_RENDERERS: String(PREVIEW_RENDERERS) }),
  beforeStart: async () => {
    await buildRelease('mf-cart', CANDIDATE);
    team = await addTeamWithCommand('equipe-panier', 'mf_cart', { OPERATORS_FILE: operatorsFile });
    operator = await addOperatorWithCommand('amina', { OPERATORS_FILE: operatorsFile });
  },
});
test.afterAll(async () => {
  await rm(join(repoRoot, 'mf-cart', 'dist', CANDIDATE), { recursive: true, force: true });
});

const cartOrigin = () => `http://localhost:${stack.ports['mf-cart']}`;
const api = (request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'DELETE', path: string, data?: object) =>
  request.fetch(`${stack.url}/operations/api${path}`, { method, headers: { Authorization: `Bearer ${token}` }, ...(data ? { data } : {}) });

async function createPreview(request: APIRequestContext, expiresInSeconds?: number): Promise<PreviewCreated> {
  const answer = await api(request, team, 'POST', '/previews', {
    releases: [{ remote: 'mf_cart', entry: remoteEntry(stack.ports, 'mf_cart', CANDIDATE) }],
    ...(expiresInSeconds ? { expiresInSeconds } : {}),
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()) as PreviewCreated;
}

const banner = (page: Page) => page.getByRole('region', { name: 'Aperçu', exact: true });
const endedNotice = (page: Page) => page.getByRole('region', { name: 'Aperçu terminé' });

test('a team’s preview of mf-cart 1.0.1: the link’s browser gets 1.0.1 from the server HTML to the code it runs, with the banner; others get the live release; revoked, the link shows the live shop with a notice', async ({ browser, request }) => {
  const { preview, link } = await createPreview(request);
  expect(link.startsWith(`${stack.url}/apercu/`)).toBe(true);

  const previewer = await browser.newContext();
  const page = interactiveAfterLoad(await previewer.newPage());
  // Opening the link lands on the home page, through the server; the link's token leaves the address bar.
  const landing = await page.goto(link);
  expect(page.url()).toBe(`${stack.url}/`);
  expect(landing!.headers()['cache-control']).toBe('private, no-store');
  expect(landing!.headers()['x-robots-tag']).toBe('noindex, nofollow');
  expect(landing!.headers()[PREVIEW_RENDER_HEADER.toLowerCase()]).toBe('server');
  await expect(banner(page)).toHaveText(`${PREVIEW_MESSAGES.banner([{ remote: 'mf_cart', version: CANDIDATE }])} ${PREVIEW_MESSAGES.exit}`);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  // Its telemetry is kept out of the live and canary figures: the page carries no sample rate, so it reports nothing.
  await expect(page.locator(`meta[name="${TELEMETRY_SAMPLE_META}"]`)).toHaveCount(0);

  // Another page of the same browser: 1.0.1 in the server HTML, in the hydrated DOM and in the code it downloaded.
  const about = await page.goto(`${stack.url}/about-us`);
  expect(await cartReleaseNow(page, await about!.text(), cartOrigin())).toEqual({ html: CANDIDATE, dom: CANDIDATE, loaded: [CANDIDATE] });
  await expect(banner(page)).toBeVisible();
  // The banner keeps the page accessible: a landmark of its own, after the page's skip link.
  expect((await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id)).toEqual([]);

  // A browser without the link: the live release, no banner, nothing private about it.
  const shopper = await freshShopper(browser, async (other) => {
    const answer = await other.goto(`${stack.url}/about-us`);
    await expect(banner(other)).toHaveCount(0);
    return cartReleaseNow(other, await answer!.text(), cartOrigin());
  });
  expect(shopper).toEqual({ html: LIVE, dom: LIVE, loaded: [LIVE] });

  // The team revokes it: the same browser now sees the live shop, told once in French, then the plain shop.
  expect((await api(request, team, 'DELETE', `/previews/${preview.id}`)).status()).toBe(200);
  const after = await page.goto(`${stack.url}/about-us`);
  await expect(endedNotice(page)).toHaveText(PREVIEW_MESSAGES.ended);
  await expect(banner(page)).toHaveCount(0);
  expect(await cartReleaseNow(page, await after!.text(), cartOrigin())).toMatchObject({ html: LIVE });
  await page.reload();
  await expect(endedNotice(page)).toHaveCount(0);
  await previewer.close();

  // The link opened afresh shows the live shop and the notice.
  await freshShopper(browser, async (late) => {
    await late.goto(link);
    await expect(endedNotice(late)).toHaveText(PREVIEW_MESSAGES.ended);
    await expect(banner(late)).toHaveCount(0);
  });
});

test('a preview made to expire in 5 s: its link shows the live shop with the notice once it has expired; the banner’s way out leaves a preview', async ({ browser, request }) => {
  const { link } = await createPreview(request, 5);
  await freshShopper(browser, async (page) => {
    await page.goto(link);
    await expect(banner(page)).toBeVisible();
    // Waits on what the browser is shown, not on a clock: each reload asks the server again.
    await expect(async () => {
      await page.reload();
      await expect(endedNotice(page)).toHaveText(PREVIEW_MESSAGES.ended, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
  });
  const { link: second, preview } = await createPreview(request);
  await freshShopper(browser, async (page) => {
    await page.goto(second);
    await banner(page).getByRole('link', { name: PREVIEW_MESSAGES.exit }).click();
    await expect(page).toHaveURL(`${stack.url}/`);
    await expect(banner(page)).toHaveCount(0);
  });
  // Leaving a preview does not end it (others may hold the link): the team ends it.
  expect((await api(request, team, 'DELETE', `/previews/${preview.id}`)).status()).toBe(200);
});

test('a team token is refused (403, in French) a switch, a canary, another remote and the orders; the live release stays', async ({ request }) => {
  const entry = remoteEntry(stack.ports, 'mf_cart', CANDIDATE);
  const refusals = [
    [await api(request, team, 'POST', '/switch', { remote: 'mf_cart', entry, expectedRevision: 1 }), PREVIEW_MESSAGES.teamForbidden],
    [await api(request, team, 'POST', '/canary', { remote: 'mf_cart', entry, share: 10, expectedRevision: 1 }), PREVIEW_MESSAGES.teamForbidden],
    [await api(request, team, 'GET', '/orders'), PREVIEW_MESSAGES.teamForbidden],
    [await api(request, team, 'POST', '/previews', { releases: [{ remote: 'mf_frame', entry: remoteEntry(stack.ports, 'mf_frame', LIVE) }] }), PREVIEW_MESSAGES.otherRemote('mf_cart')],
  ] as const;
  for (const [answer, message] of refusals) {
    expect(answer.status()).toBe(403);
    expect((await answer.json()).error).toEqual({ code: 'team_forbidden', message });
  }
  const state = await (await api(request, operator, 'GET', '/state')).json();
  expect(state.live.revision).toBe(1);
  expect(state.remotes.find((r: { name: string }) => r.name === 'mf_cart').version).toBe(LIVE);
});

test(`20 previews opened in turn keep at most ${PREVIEW_RENDERERS} preview renderers alive, and ended previews leave none`, async ({ request }) => {
  test.setTimeout(180_000);
  const shell = stack.pid('shell')!;
  // One renderer for the live releases (no canary runs); earlier journeys' previews have ended and their lanes gone.
  expect((await request.get(`${stack.url}/about-us`)).status()).toBe(200);
  const live = 1;
  await expect.poll(() => renderersOf(shell).length, { timeout: 20_000 }).toBe(live);
  const server = serverProcessOf(shell, join(repoRoot, 'shell'))!;
  const rssMiB = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))![1]) / 1024;
  const before = rssMiB();
  const created: PreviewCreated[] = [];
  for (let i = 0; i < 20; i++) {
    const opened = await createPreview(request);
    created.push(opened);
    const landing = await request.get(opened.link, { maxRedirects: 0 });
    const cookie = landing.headers()['set-cookie']!.split(';')[0]!;
    const page = await request.get(`${stack.url}/about-us`, { headers: { Cookie: cookie } });
    expect(page.headers()[PREVIEW_RENDER_HEADER.toLowerCase()]).toBe('server');
    // An evicted lane's process is being stopped as the next one starts: the count settles at the bound.
    await expect.poll(() => renderersOf(shell).length, { timeout: 10_000 }).toBeLessThanOrEqual(live + PREVIEW_RENDERERS);
  }
  for (const { preview } of created) expect((await api(request, team, 'DELETE', `/previews/${preview.id}`)).status()).toBe(200);
  // Ended previews' lanes are closed by the shell's sweep (every 5 s): only the live renderer is left.
  await expect.poll(() => renderersOf(shell).length, { timeout: 20_000 }).toBe(live);
  // The shell's own memory (its renderers are processes of their own): printed for the note; bench/ keeps figures.
  const after = rssMiB();
  test.info().annotations.push({ type: 'shell RSS', description: `${before.toFixed(1)} MiB before, ${after.toFixed(1)} MiB after 20 previews (×${(after / before).toFixed(3)})` });
  console.log(`shell RSS: ${before.toFixed(1)} MiB before, ${after.toFixed(1)} MiB after 20 previews (×${(after / before).toFixed(3)})`);
});
