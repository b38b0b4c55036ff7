import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publishFlawedCartRelease, publishUntranslatedCartRelease } from './support/operations';
import { breakCartButtonInBrowsers } from './support/progressive-delivery';
import { buildRelease } from './support/release';
import { stackForThisFile } from './support/stack';
import { repoRoot } from './support/stack-processes';
import { addTeamWithCommand, breakCartButtonOnServer, cartReleaseCheck } from './support/team-releases';
import { expect, test } from './support/test';

// Its own version: the previews journey builds 1.0.1 and removes it when it ends.
const GOOD = '1.0.6';
const BROKEN_IN_BROWSERS = '1.0.5-navigateur-casse';
const operatorsFile = join(mkdtempSync(join(tmpdir(), 'shop-operators-')), 'operators.json');
let token = '';
const removals: Array<() => Promise<void>> = [];

// mf-cart 1.0.6 built as its team's pipeline would, and releases with a team's mistakes published beside it: a module
// left out, another React major, a server build that throws, a browser build that throws. The team's token comes from
// the README's command.
const stack = stackForThisFile({
  env: () => ({ OPERATORS_FILE: operatorsFile }),
  beforeStart: async () => {
    await buildRelease('mf-cart', GOOD);
    removals.push(await publishFlawedCartRelease('1.0.2-sans-lignes', (m) => (m.exposes = m.exposes.filter((e) => e.name !== 'CartLines'))));
    removals.push(await publishFlawedCartRelease('1.0.3-react18', (m) => m.shared.forEach((s) => s.name === 'react' && (s.requiredVersion = '^18.3.1'))));
    removals.push(await publishFlawedCartRelease('1.0.4-serveur-casse', () => undefined));
    removals.push(await publishUntranslatedCartRelease('1.0.7-sans-arabe', ['cart.empty', 'cart.total']));
    await breakCartButtonOnServer('1.0.4-serveur-casse');
    // Built for real: the check also reads which release each page says it composes (a copy would still say 1.0.0).
    await buildRelease('mf-cart', BROKEN_IN_BROWSERS);
    await breakCartButtonInBrowsers(BROKEN_IN_BROWSERS);
    token = await addTeamWithCommand('equipe-panier', 'mf_cart', { OPERATORS_FILE: operatorsFile });
  },
});
test.afterAll(async () => {
  for (const version of [GOOD, BROKEN_IN_BROWSERS]) await rm(join(repoRoot, 'mf-cart', 'dist', version), { recursive: true, force: true });
  for (const remove of removals) await remove();
});

const check = (...args: string[]) => cartReleaseCheck(token, ['--shop', stack.url, ...args]);
const failures = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('ÉCHEC '));

test('the release check passes for a good release: every page that composes mf-cart rendered through a preview; with --browser, pages hydrated in Chromium with a first tap at 4× CPU', async ({ request }) => {
  test.setTimeout(120_000);
  const result = await check('--release', GOOD);
  expect(result.stderr).toBe('');
  expect(result.stdout).toMatch(/mf_cart 1\.0\.6 : 5\d pages rendues par le serveur/);
  expect(result.stdout).toContain('mf_cart 1.0.6 : vérification réussie.');
  expect(result.code).toBe(0);
  // Every route's hydration is shell-routes.spec.ts's: here, the check's browser path on a page of each kind.
  const inBrowser = await check('--release', GOOD, '--browser', '--only', '/', '--only', '/shop/cart', '--only', '/shop/face');
  expect(inBrowser.stderr).toBe('');
  expect(inBrowser.stdout).toContain('3 pages hydratées dans Chromium, premier tapotement à 4× CPU sur /');
  expect(inBrowser.code).toBe(0);
  // The check ends its own preview: nothing is left open for the team.
  const previews = await request.get(`${stack.url}/operations/api/previews`, { headers: { Authorization: `Bearer ${token}` } });
  expect((await previews.json()).previews).toEqual([]);
});

test('the release check fails, naming the reason, for a release missing an exposed module and one requiring another React major', async () => {
  const missing = await check('--release', '1.0.2-sans-lignes');
  expect(missing.code).toBe(1);
  expect(failures(missing.stderr)).toEqual(['ÉCHEC mf_cart 1.0.2-sans-lignes : Il manque le module exposé « ./CartLines », dont la boutique a besoin.']);
  const react18 = await check('--release', '1.0.3-react18');
  expect(react18.code).toBe(1);
  expect(failures(react18.stderr)).toEqual([expect.stringMatching(/^ÉCHEC mf_cart 1\.0\.3-react18 : La version demande react \^18\.3\.1, la boutique fournit react 19\./)]);
});

test('the release check fails for a release missing a message the Arabic pages need, naming the keys (decision 036)', async () => {
  const result = await check('--release', '1.0.7-sans-arabe');
  expect(result.code).toBe(1);
  expect(failures(result.stderr)).toEqual(['ÉCHEC mf_cart 1.0.7-sans-arabe : Il manque 2 textes en ar-MA : cart.empty, cart.total.']);
});

test('the release check fails for a release whose server build throws while rendering: one line per page, the error named', async () => {
  const result = await check('--release', '1.0.4-serveur-casse');
  expect(result.code).toBe(1);
  const lines = failures(result.stderr);
  // The cart button is on every page: each one says so.
  expect(lines.length).toBeGreaterThan(50);
  expect(lines).toContain('ÉCHEC /about-us : le rendu serveur a levé une erreur : mf_cart 1.0.4-serveur-casse: rendu serveur cassé');
  expect(result.stdout).toContain('vérification échouée');
});

test('with --browser, the check fails for a release that renders on the server but throws in the browser', async () => {
  const result = await check('--release', BROKEN_IN_BROWSERS, '--browser', '--only', '/about-us');
  expect(result.code).toBe(1);
  expect(result.stderr).toMatch(/^ÉCHEC \/about-us : .*cart button broken/m);
});

test('a check misused or refused says why: no token, an unknown version', async () => {
  const noToken = await cartReleaseCheck('', ['--shop', stack.url, '--release', GOOD]);
  expect(noToken.code).toBe(2);
  expect(noToken.stderr).toContain('SHOP_TEAM_TOKEN doit contenir le jeton de l’équipe.');
  const unknown = await check('--release', '9.9.9');
  expect(unknown.code).toBe(1);
  expect(failures(unknown.stderr)[0]).toMatch(/^ÉCHEC mf_cart 9\.9\.9 : cette version n’est pas listée par son serveur/);
});
