import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext, Page } from '@playwright/test';
import { OPERATIONS_MESSAGES } from '@shop/contracts/operations';
import { REMOTE_NAMES } from '@shop/contracts/remotes';
import type { PreviewCreated, ReleaseCheckResult, RemoteReleases } from '@shop/contracts/previews';
import { startTestBucket, type TestBucket } from '@shop/server-kit/release-store/test-bucket';
import { addOperatorWithCommand } from './support/operations';
import { freshShopper, operationsApi } from './support/progressive-delivery';
import { buildRelease } from './support/release';
import { remoteEntry, stackForThisFile } from './support/stack';
import { repoRoot } from './support/stack-processes';
import { addTeamWithCommand } from './support/team-releases';
import { expect, test } from './support/test';

const CANDIDATE = '1.0.1';
const operatorsFile = join(mkdtempSync(join(tmpdir(), 'shop-operators-')), 'operators.json');
let bucket: TestBucket;
let team = '';
let operator = '';

/** `pnpm release:publish <version>` in mf-cart, as the team's CI runs it with its bucket's variables. */
async function publish(version: string): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)('npm', ['run', '--silent', 'release:publish', '--', version], {
      cwd: join(repoRoot, 'mf-cart'),
      env: { ...process.env, ...bucket.env },
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, out: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

// mf-cart 1.0.1 built and published to a bucket (s3rver, a real S3 API on loopback) as its team's pipeline would; the
// shop allows the bucket's origin and discovers releases from it.
const stack = stackForThisFile({
  env: (ports) => ({
    OPERATORS_FILE: operatorsFile,
    ALLOWED_RELEASE_ORIGINS: [...REMOTE_NAMES.map((name) => new URL(remoteEntry(ports, name)).origin), new URL(bucket.publicBase).origin].join(','),
    RELEASES_PUBLIC_URL: bucket.publicBase,
  }),
  beforeStart: async () => {
    bucket = await startTestBucket({ allowedOrigins: ['*'] });
    await buildRelease('mf-cart', CANDIDATE);
    team = await addTeamWithCommand('equipe-panier', 'mf_cart', { OPERATORS_FILE: operatorsFile });
    operator = await addOperatorWithCommand('amina', { OPERATORS_FILE: operatorsFile });
  },
});
test.afterAll(async () => {
  await bucket?.stop();
  await rm(join(repoRoot, 'mf-cart', 'dist', CANDIDATE), { recursive: true, force: true });
});

const bucketEntry = () => `${bucket.publicBase}/mf_cart/${CANDIDATE}/mf-manifest.json`;
const api = (request: APIRequestContext, token: string, method: 'GET' | 'POST', path: string, data?: object) =>
  request.fetch(`${stack.url}/operations/api${path}`, { method, headers: { Authorization: `Bearer ${token}` }, ...(data ? { data } : {}) });

/** The page's errors in the console, and which release of mf-cart it rendered, hydrated and downloaded from the bucket. */
async function visit(page: Page, path: string) {
  const errors: string[] = [];
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  const answer = await page.goto(`${stack.url}${path}`);
  const html = (await answer?.text()) ?? '';
  const fromBucket = await page.evaluate(
    (base) => performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => name.startsWith(`${base}/`)),
    bucket.publicBase,
  );
  return {
    status: answer?.status(),
    html: /data-remote="mf_cart"[^>]*data-release="([^"]+)"|data-release="([^"]+)"[^>]*data-remote="mf_cart"/.exec(html)?.slice(1).find(Boolean) ?? null,
    dom: await page.evaluate(() => document.querySelector('header [data-remote="mf_cart"]')?.getAttribute('data-release') ?? null),
    fromBucket,
    errors,
  };
}

test.describe.configure({ mode: 'serial' });

test('a release published to the bucket with one command is discovered, previewed, canaried and promoted; pages are composed from the bucket’s URLs, with no console error', async ({ browser, request }) => {
  const published = await publish(CANDIDATE);
  expect(published.code, published.out).toBe(0);
  expect(published.out).toContain(bucketEntry());
  // What is published stays as published: the same version again is refused and nothing in the bucket changes.
  const before = await bucket.objects();
  const again = await publish(CANDIDATE);
  expect(again.code).toBe(1);
  expect(again.out).toMatch(/existe déjà/);
  expect(await bucket.objects()).toEqual(before);
  // Every file immutable, the manifest among them; the index revalidated.
  const manifest = await fetch(bucketEntry());
  expect(manifest.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(manifest.headers.get('content-type')).toMatch(/^application\/json/);

  // The team sees its release in the store, checked, and previews it.
  const listed = (await (await api(request, team, 'GET', '/remotes/mf_cart/releases')).json()) as RemoteReleases;
  expect(listed.releases.map((release) => release.entry)).toContain(bucketEntry());
  const checked = (await (await api(request, team, 'POST', '/remotes/mf_cart/checks', { entry: bucketEntry() })).json()) as ReleaseCheckResult;
  expect(checked.reasons).toEqual([]);
  const created = await api(request, team, 'POST', '/previews', { releases: [{ remote: 'mf_cart', entry: bucketEntry() }] });
  expect(created.status(), await created.text()).toBe(201);
  const { link } = (await created.json()) as PreviewCreated;
  await freshShopper(browser, async (page) => {
    await page.goto(link);
    const seen = await visit(page, '/shop/face');
    expect(seen).toMatchObject({ status: 200, html: CANDIDATE, dom: CANDIDATE, errors: [] });
    expect(seen.fromBucket).toContain(bucketEntry());
  });

  // The operator canaries it to every browser, then promotes it.
  const operations = operationsApi(request, stack.url, operator);
  await operations.startCanary('mf_cart', bucketEntry(), 100, 'Version publiée dans le dépôt');
  const promoted = await api(request, operator, 'POST', '/canary/promote', { expectedRevision: (await operations.state()).live.revision });
  expect(promoted.status(), await promoted.text()).toBe(200);

  await freshShopper(browser, async (page) => {
    const seen = await visit(page, '/shop/face');
    expect(seen).toMatchObject({ status: 200, html: CANDIDATE, dom: CANDIDATE, errors: [] });
    // The manifest, the remote entry and the cart button's own files, from the bucket.
    expect(seen.fromBucket.filter((url) => url.includes('/static/js/')).length).toBeGreaterThanOrEqual(2);
    await page.getByRole('main').getByRole('button', { name: /^Ajouter au panier : / }).first().click();
    await expect(page.getByRole('button', { name: /^Panier, 1 article$/ })).toBeVisible();
    expect(seen.errors).toEqual([]);
  });
});

test('a file changed in the bucket after publishing is refused by the release check and by browsers; with the bucket down, pages are still served and the console says the store is unreachable', async ({ browser, request }) => {
  // The cart button's own script, rewritten behind the team's back.
  const chunks = readdirSync(join(repoRoot, 'mf-cart', 'dist', CANDIDATE, 'static', 'js', 'async'));
  const chunk = chunks.find((name) => name.startsWith('__federation_expose_CartDropdown.') && name.endsWith('.js'))!;
  const key = `${bucket.prefix}/mf_cart/${CANDIDATE}/static/js/async/${chunk}`;
  await bucket.tamper(key, 'window.stolen = document.cookie;');

  const checked = (await (await api(request, team, 'POST', '/remotes/mf_cart/checks', { entry: bucketEntry() })).json()) as ReleaseCheckResult;
  expect(checked.reasons).toContain(`mf_cart ${CANDIDATE} : ${OPERATIONS_MESSAGES.fileChanged(`static/js/async/${chunk}`)}`);

  await freshShopper(browser, async (page) => {
    const seen = await visit(page, '/shop/face');
    expect(seen.status).toBe(200);
    expect(seen.errors.join('\n')).toContain(`Failed to find a valid digest in the 'integrity' attribute for resource '${bucket.publicBase}/mf_cart/${CANDIDATE}/static/js/async/${chunk}'`);
    // The code never ran, and the cart's part shows its fallback.
    expect(await page.evaluate(() => (window as { stolen?: string }).stolen)).toBeUndefined();
    await expect(page.getByRole('button', { name: 'Panier indisponible' })).toBeVisible();
  });

  await bucket.stopServing();
  try {
    const page = await fetch(`${stack.url}/shop/face`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Ajouter au panier');
    const listed = (await (await api(request, operator, 'GET', '/remotes/mf_cart/releases')).json()) as RemoteReleases;
    expect(listed.error).toMatch(/^Le dépôt des versions \(.+\) est injoignable/);
  } finally {
    await bucket.resume();
  }
});
