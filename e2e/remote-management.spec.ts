import { expect, interactiveAfterLoad, test } from './support/test';
import type { RemotesStatus } from '@shop/contracts/remotes';
import { buildRelease } from './support/release';
import { remoteEntry, stackForThisFile } from './support/stack';

const CANDIDATE = '1.0.1-e2e';
// A second release of mf-cart, built the way its team's pipeline would, served beside 1.0.0.
const stack = stackForThisFile({ beforeStart: () => buildRelease('mf-cart', CANDIDATE) });

const cartRelease = (page: import('@playwright/test').Page) => page.locator('[data-remote="mf_cart"]');

test('a broken remotes.json is refused with a clear log line and the last good configuration stays live', async ({
  page,
  request,
}) => {
  const good = stack.remotes;
  const before = await (await request.get(`${stack.url}/remotes.json`)).json();
  await stack.writeRemotesText('{"remotes": [ { "name": "mf_cart", ');
  await expect.poll(() => stack.logs('shell')).toMatch(/refused, keeping the last good configuration/);
  // An incomplete file (one remote missing) is refused too.
  await stack.writeRemotesText(JSON.stringify({ remotes: good.remotes.slice(0, 2) }));
  await expect.poll(() => stack.logs('shell').match(/refused, keeping/g)?.length ?? 0).toBeGreaterThanOrEqual(2);

  expect(await (await request.get(`${stack.url}/remotes.json`)).json()).toEqual(before);
  await page.goto(`${stack.url}/shop/face`);
  await expect(cartRelease(page)).toHaveAttribute('data-release', '1.0.0');
  await expect(page.locator('[data-fallback]')).toHaveCount(0);
  await stack.writeRemotes(good);
});

test('an entry a URL parser accepts but no host can have (`;`, a CSP keyword, credentials) is refused; the shop keeps serving', async ({
  page,
  request,
}) => {
  const good = stack.remotes;
  const hostile = ['http://cdn.example.com;/mf-manifest.json', "http://a,'unsafe-inline'/mf-manifest.json", 'http://user:pw@localhost:1/1.0.0/mf-manifest.json'];
  const refusals = () => stack.logs('shell').match(/refused, keeping/g)?.length ?? 0;
  for (const entry of hostile) {
    const before = refusals();
    await stack.writeRemotesText(JSON.stringify({ remotes: good.remotes.map((r) => (r.name === 'mf_cart' ? { ...r, entry } : r)) }));
    await expect.poll(refusals).toBeGreaterThan(before);
    for (const path of ['/healthz', '/', '/remotes.json', '/api/products']) {
      expect((await request.get(`${stack.url}${path}`)).status(), path).toBe(200);
    }
  }
  expect((await request.get(`${stack.url}/remotes.json`)).headers()['content-security-policy']).not.toMatch(/unsafe-inline'\/|;\//);
  await page.goto(`${stack.url}/shop/face`);
  await expect(cartRelease(page)).toHaveAttribute('data-release', '1.0.0');
  await expect(page.locator('[data-fallback]')).toHaveCount(0);
  await stack.writeRemotes(good);
});

test('the per-browser override runs a candidate from an allowed origin, shows a banner, and can be cleared', async ({
  page,
  request,
}) => {
  await stack.writeRemotes({ ...stack.remotes, overrideOrigins: [`http://localhost:${stack.ports['mf-cart']}`] });
  await expect
    .poll(async () => (await (await request.get(`${stack.url}/remotes.json`)).json()).overrideOrigins)
    .toEqual([`http://localhost:${stack.ports['mf-cart']}`]);

  const candidate = remoteEntry(stack.ports, 'mf_cart', CANDIDATE);
  await page.goto(`${stack.url}/shop/face?mf-override=mf_cart@${encodeURIComponent(candidate)}`);
  await expect(cartRelease(page)).toHaveAttribute('data-release', CANDIDATE);
  const banner = page.getByTestId('override-banner');
  await expect(banner).toContainText(`mf_cart → ${candidate}`);
  await expect(page).toHaveURL(`${stack.url}/shop/face`);

  // Remembered for this browser's session.
  await page.goto(`${stack.url}/shop/body`);
  await expect(cartRelease(page)).toHaveAttribute('data-release', CANDIDATE);
  // Everyone else still gets the published release.
  const other = interactiveAfterLoad(await page.context().browser()!.newPage());
  await other.goto(`${stack.url}/shop/body`);
  await expect(cartRelease(other)).toHaveAttribute('data-release', '1.0.0');
  await other.close();

  await banner.getByRole('button', { name: 'Revenir aux versions publiées' }).click();
  await expect(cartRelease(page)).toHaveAttribute('data-release', '1.0.0');
  await expect(banner).toHaveCount(0);
});

test('an override from an origin that is not on the allowlist is refused and logged', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // The frame's server is a real remote host, but not allowed to serve mf_cart candidates.
  const foreign = `http://localhost:${stack.ports['mf-frame']}/1.0.0/mf-manifest.json`;
  await page.goto(`${stack.url}/shop/face?mf-override=mf_cart@${encodeURIComponent(foreign)}`);
  await expect(cartRelease(page)).toHaveAttribute('data-release', '1.0.0');
  await expect(page.getByTestId('override-banner')).toHaveCount(0);
  expect(errors.some((e) => e.includes('trial release refused') && e.includes('is not in overrideOrigins'))).toBe(true);
});

test('the three manifests are requested in parallel as soon as the configuration is known', async ({ page }) => {
  // Deterministic, not a stopwatch: every manifest answer is held back until all three have been
  // asked for. In a waterfall (one manifest waiting for another) at most one would ever be pending.
  const requested: string[] = [];
  let pending = 0;
  let mostPending = 0;
  let release!: () => void;
  const allRequested = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/mf-manifest.json', async (route) => {
    requested.push(route.request().url());
    mostPending = Math.max(mostPending, ++pending);
    if (pending === 3) release();
    // A waterfall must still load (and then fail the assertion below), so the hold is bounded.
    await Promise.race([allRequested, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    pending--;
    await route.continue();
  });

  await page.goto(`${stack.url}/shop/face`);
  await expect(page.locator('[data-remote="mf_catalog_pages"]').first()).toBeVisible();
  expect(mostPending).toBe(3);
  // They are the live configuration's entries, each asked for once.
  expect([...requested].sort()).toEqual(stack.remotes.remotes.map((remote) => remote.entry).sort());
});

test('/remotes/status reports each remote’s version and timing, and a stopped remote as down', async ({ request }) => {
  const healthy = (await (await request.get(`${stack.url}/remotes/status`)).json()) as RemotesStatus;
  expect(healthy.remotes.map((r) => [r.name, r.up, r.version])).toEqual([
    ['mf_frame', true, '1.0.0'],
    ['mf_cart', true, '1.0.0'],
    ['mf_catalog_pages', true, '1.0.0'],
  ]);
  for (const remote of healthy.remotes) expect(remote.ms).toBeGreaterThanOrEqual(0);

  await stack.stop('mf-frame');
  try {
    // One check serves every caller for a few seconds: ask until the check made after the stop is the one answered.
    let response = await request.get(`${stack.url}/remotes/status`);
    await expect
      .poll(async () => {
        response = await request.get(`${stack.url}/remotes/status`);
        return ((await response.json()) as RemotesStatus).remotes.find((r) => r.name === 'mf_frame')?.up;
      })
      .toBe(false);
    expect(response.headers()['cache-control']).toBe('no-store');
    const status = (await response.json()) as RemotesStatus;
    const frame = status.remotes.find((r) => r.name === 'mf_frame')!;
    expect(frame).toMatchObject({ up: false, version: null, entry: remoteEntry(stack.ports, 'mf_frame') });
    expect(frame.error).toBeTruthy();
    expect(status.remotes.filter((r) => r.up).map((r) => r.name)).toEqual(['mf_cart', 'mf_catalog_pages']);
  } finally {
    await stack.start('mf-frame');
  }
});
