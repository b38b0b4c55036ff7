import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { OperationsErrorBody, OperationsState, RevisionHistory, RevisionResponse } from '@shop/contracts/operations';
import { OPERATOR_ROLES } from '@shop/contracts/operator-roles';
import { LOGIN_LIMITS } from '@shop/release-control/test-support/rules';
import { PASSWORD } from '../test-support/operations-shell';
import { operationsShellForFile } from '../test-support/operations-shell-for-file';
import { parseTrustProxy } from '@shop/server-kit/trusted-proxy';

/** The shop's public origin behind its TLS terminator (PUBLIC_URL): the console's pages post from it. */
const PUBLIC_URL = 'https://boutique.example.ma';

const fixture = operationsShellForFile({ trustProxy: parseTrustProxy('1', 'none'), publicUrl: PUBLIC_URL });

const api = (path: string, init: RequestInit & { token?: string | null } = {}) => {
  const { token = fixture.shell.token, headers, ...rest } = init;
  return fetch(`${fixture.shell.url}/operations/api${path}`, {
    ...rest,
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
  });
};
const post = (path: string, body: unknown, init: RequestInit & { token?: string | null } = {}) => api(path, { method: 'POST', body: JSON.stringify(body), ...init });
const live = async () => ((await (await api('/state')).json()) as OperationsState).live;
const login = (name: string, password: string, headers: Record<string, string> = {}) =>
  fetch(`${fixture.shell.url}/operations/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: PUBLIC_URL, ...headers },
    body: new URLSearchParams({ name, password }),
  });

/** A POST with exactly these headers (`fetch` would replace `Host` with the URL's). */
function rawPost(url: string, headers: Record<string, string>, body: unknown): Promise<{ status: number; body: string }> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { ...headers, 'Content-Length': String(Buffer.byteLength(text)) } }, (res) => {
      let answer = '';
      res.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: answer }));
    });
    req.on('error', reject);
    req.end(text);
  });
}

describe('the operators’ console without a session', () => {
  it('sends the browser to the login page and answers the API and the console’s files 401', async () => {
    const page = await fetch(`${fixture.shell.url}/operations`, { redirect: 'manual' });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/operations/login');
    const loginPage = await fetch(`${fixture.shell.url}/operations/login`);
    expect(loginPage.status).toBe(200);
    expect(loginPage.headers.get('cache-control')).toBe('no-store');
    expect(await loginPage.text()).toContain('<label for="password">Mot de passe</label>');

    const state = await api('/state', { token: null });
    expect(state.status).toBe(401);
    expect(state.headers.get('www-authenticate')).toBe('Bearer');
    expect(((await state.json()) as OperationsErrorBody).error.code).toBe('unauthorized');
    expect((await api('/state', { token: 'op_not-a-token-of-anyone' })).status).toBe(401);
    expect((await fetch(`${fixture.shell.url}/operations/static/js/operations.abc123.js`)).status).toBe(401);
  });
});

describe('logging in', () => {
  it('refuses a wrong password, then refuses the account from that address with 429 after the limit', async () => {
    const wrong = await login('youssef-inconnu', 'pas-le-bon-mot-de-passe');
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('Nom d’opérateur ou mot de passe incorrect.');
    for (let i = 1; i < LOGIN_LIMITS.perAccountFromAddress.points; i++) expect((await login('youssef-inconnu', `faux-${i}`)).status).toBe(401);
    const limited = await login('youssef-inconnu', 'faux-encore');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.text()).toContain('Trop de tentatives de connexion');
    // Five scrypt checks (N=2^15, ~0.3 s each on a loaded 2-core machine): more than the default 5 s may be needed.
  }, 20_000);

  it('opens a session with an HttpOnly, SameSite=Strict cookie, Secure behind an HTTPS proxy, and the console answers', async () => {
    // Behind a TLS terminator, the browser's page is the public https origin.
    const ok = await login('amina', PASSWORD, { 'X-Forwarded-Proto': 'https' });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/operations');
    const cookie = ok.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^operations_session=[\w-]{40,};/);
    expect(cookie).toMatch(/path=\/operations/);
    expect(cookie).toMatch(/samesite=strict/i);
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/secure/i);
    const session = cookie.split(';')[0]!;
    const page = await fetch(`${fixture.shell.url}/operations`, { headers: { Cookie: session } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Console des opérations');
    expect(await (await fetch(`${fixture.shell.url}/operations/api/session`, { headers: { Cookie: session } })).json()).toEqual({ operator: 'amina', roles: [...OPERATOR_ROLES] });

    // A state-changing request with the cookie from another site, without an Origin, from an origin that is only the
    // request's own Host (DNS rebinding), or from the shop's origin but marked cross-site by the browser, is refused.
    const refused: Record<string, string>[] = [
      { Origin: 'https://evil.example' },
      {},
      { Origin: fixture.shell.url },
      { Origin: 'http://evil.example:3000', Host: 'evil.example:3000' },
      { Origin: PUBLIC_URL, 'Sec-Fetch-Site': 'cross-site' },
    ];
    for (const headers of refused) {
      const forged = await rawPost(`${fixture.shell.url}/operations/api/switch`, { Cookie: session, 'Content-Type': 'application/json', ...headers }, {
        remote: 'mf_cart',
        entry: fixture.releases.entry('mf_cart', '1.0.1'),
        expectedRevision: 1,
      });
      expect(forged.status, JSON.stringify(headers)).toBe(403);
      expect((JSON.parse(forged.body) as OperationsErrorBody).error.code).toBe('forbidden_origin');
    }
    // A request with an Authorization header is judged by it alone: a wrong one is refused, whatever cookie comes along.
    for (const authorization of ['Bearer x', 'Bearer op_pas-un-jeton-valide', 'Basic YW1pbmE6eA==']) {
      const withCookie = await fetch(`${fixture.shell.url}/operations/api/state`, { headers: { Cookie: session, Authorization: authorization } });
      expect(withCookie.status, authorization).toBe(401);
      const change = await fetch(`${fixture.shell.url}/operations/api/switch`, {
        method: 'POST',
        headers: { Cookie: session, Authorization: authorization, 'Content-Type': 'application/json' },
        body: JSON.stringify({ remote: 'mf_cart', entry: fixture.releases.entry('mf_cart', '1.0.1'), expectedRevision: 1 }),
      });
      expect(change.status, authorization).toBe(401);
    }
    const logout = await fetch(`${fixture.shell.url}/operations/logout`, { method: 'POST', redirect: 'manual', headers: { Cookie: session, Origin: PUBLIC_URL } });
    expect(logout.status).toBe(303);
    expect((await fetch(`${fixture.shell.url}/operations/api/session`, { headers: { Cookie: session } })).status).toBe(401);
  });
});

describe('switching a remote', () => {
  it('switches with a reason, serves the release at once, records who, and rolls back', async () => {
    const before = await live();
    const switched = await post('/switch', { remote: 'mf_cart', entry: fixture.releases.entry('mf_cart', '1.0.1'), expectedRevision: before.revision, reason: 'correctif' });
    expect(switched.status).toBe(200);
    const { revision } = (await switched.json()) as RevisionResponse;
    expect(revision).toMatchObject({ revision: before.revision + 1, by: 'amina', reason: 'correctif' });
    const served = (await (await fetch(`${fixture.shell.url}/remotes.json`)).json()) as { remotes: Array<{ name: string; entry: string }> };
    expect(served.remotes.find((r) => r.name === 'mf_cart')?.entry).toBe(fixture.releases.entry('mf_cart', '1.0.1'));

    const history = (await (await api('/history')).json()) as RevisionHistory;
    expect(history.revisions[0]).toMatchObject({ revision: revision.revision, by: 'amina', changes: [{ name: 'mf_cart', to: fixture.releases.entry('mf_cart', '1.0.1') }] });

    const back = await post('/rollback', { remote: 'mf_cart', expectedRevision: revision.revision });
    expect(back.status).toBe(200);
    const rolledBack = ((await back.json()) as RevisionResponse).revision;
    expect(rolledBack).toMatchObject({ by: 'amina', reason: 'Retour à 1.0.0', changes: [{ name: 'mf_cart', from: fixture.releases.entry('mf_cart', '1.0.1'), to: fixture.releases.entry('mf_cart', '1.0.0') }] });

    const restored = await post('/restore', { revision: revision.revision, expectedRevision: rolledBack.revision, reason: 'on réessaie' });
    expect(restored.status).toBe(200);
    expect(((await restored.json()) as RevisionResponse).revision.config).toEqual(revision.config);
  });

  it('refuses releases that do not fit the shell with every reason, and changes nothing', async () => {
    const before = await live();
    for (const [version, reason] of [
      ['1.0.2-react18', 'mf_cart 1.0.2-react18 : La version demande react ^18.2.0, la boutique fournit react 19.3.1.'],
      ['1.0.3-sans-lignes', 'mf_cart 1.0.3-sans-lignes : Il manque le module exposé « ./CartLines », dont la boutique a besoin.'],
    ] as const) {
      const refused = await post('/switch', { remote: 'mf_cart', entry: fixture.releases.entry('mf_cart', version), expectedRevision: before.revision });
      expect(refused.status).toBe(422);
      const { error } = (await refused.json()) as OperationsErrorBody;
      expect(error).toMatchObject({ code: 'release_refused', message: 'Version refusée : elle ne convient pas à la boutique.', reasons: [reason] });
    }
    const foreign = await post('/switch', { remote: 'mf_cart', entry: 'http://127.0.0.2:9/1.0.1/mf-manifest.json', expectedRevision: before.revision });
    expect(((await foreign.json()) as OperationsErrorBody).error.reasons?.[0]).toMatch(/L’origine http:\/\/127\.0\.0\.2:9 n’est pas autorisée/);
    expect(await live()).toEqual(before);
  });

  it('refuses a change made from a stale revision with 409 and the live revision', async () => {
    const before = await live();
    const first = await post('/switch', { remote: 'mf_cart', entry: fixture.releases.entry('mf_cart', before.config.remotes[1]!.entry.includes('1.0.1') ? '1.0.0' : '1.0.1'), expectedRevision: before.revision });
    expect(first.status).toBe(200);
    const second = await post('/switch', { remote: 'mf_cart', entry: fixture.releases.entry('mf_cart', '1.0.0'), expectedRevision: before.revision });
    expect(second.status).toBe(409);
    const { error } = (await second.json()) as OperationsErrorBody;
    expect(error.code).toBe('revision_conflict');
    expect(error.current?.revision).toBe(before.revision + 1);
    expect(error.message).toMatch(/Un autre opérateur a modifié la configuration/);
  });

  it('answers a bad body with 400 in French, never 500', async () => {
    for (const body of [{}, { remote: 'mf_autre', entry: 'x', expectedRevision: 1 }, { remote: 'mf_cart', entry: 42, expectedRevision: 1 }, { remote: 'mf_cart', entry: 'x', expectedRevision: 'un' }]) {
      const answer = await post('/switch', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect((await api('/switch', { method: 'POST', body: '{not json' })).status).toBe(400);
    expect((await post('/restore', { revision: 999_999, expectedRevision: (await live()).revision })).status).toBe(404);
  });

  it('shows each remote’s live release, health and the releases its server offers', async () => {
    const state = (await (await api('/state')).json()) as OperationsState;
    const cart = state.remotes.find((remote) => remote.name === 'mf_cart')!;
    expect(cart.health.up).toBe(true);
    expect(cart.releases.map((release) => release.version).sort()).toEqual(['1.0.0', '1.0.1', '1.0.2-react18', '1.0.3-sans-lignes']);
    expect(cart.releases.find((release) => release.version === '1.0.1')?.entry).toBe(fixture.releases.entry('mf_cart', '1.0.1'));
  });
});
