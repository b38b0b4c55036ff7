import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '@shop/server-kit/trusted-proxy';
import { LOGIN_LIMITS } from './login-limits';
import { startReleaseControlServer, type ReleaseControlServer } from '../../test-support/release-control-server';
import { startReleaseHosts, type FakeReleaseHosts } from '../../test-support/release-hosts';
import { PASSWORD } from '../../test-support/test-release-control';
import { DEVICE_COOKIE } from './login-routes';

let releases: FakeReleaseHosts;
beforeAll(async () => {
  releases = await startReleaseHosts();
});
afterAll(() => releases?.close());

/**
 * A login from `address` (the shell trusts one proxy, so X-Forwarded-For names the client: many addresses from one
 * test), with a trusted browser's cookie when given.
 */
function login(shell: ReleaseControlServer, name: string, password: string, address: string, device?: string) {
  return fetch(`${shell.url}/operations/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: shell.url,
      'X-Forwarded-For': address,
      ...(device ? { Cookie: `${DEVICE_COOKIE}=${device}` } : {}),
    },
    body: new URLSearchParams({ name, password }),
  });
}

const deviceOf = (answer: Response) =>
  answer.headers
    .getSetCookie()
    .find((line) => line.startsWith(`${DEVICE_COOKIE}=`))
    ?.split(';')[0]!
    .slice(DEVICE_COOKIE.length + 1);

describe('logins under attack', () => {
  const shells: ReleaseControlServer[] = [];
  afterAll(() => Promise.all(shells.map((shell) => shell.close())));
  const start = async (options: Partial<Parameters<typeof startReleaseControlServer>[0]> = {}) => {
    const shell = await startReleaseControlServer({ releases, trustProxy: parseTrustProxy('1', 'none'), ...options });
    shells.push(shell);
    return shell;
  };

  it('five wrong passwords from one address stop that address only: the right one from another gets in, slowed down, not locked out', async () => {
    const shell = await start();
    for (let i = 0; i < LOGIN_LIMITS.perAccountFromAddress.points; i++) expect((await login(shell, 'amina', `faux-${i}`, '203.0.113.7')).status).toBe(401);
    expect((await login(shell, 'amina', PASSWORD, '203.0.113.7')).status).toBe(429);
    // Slowed down (login-refusals.test.ts shows the wait comes before the check), never locked out.
    const elsewhere = await login(shell, 'amina', PASSWORD, '198.51.100.20');
    expect(elsewhere.status).toBe(303);
    const cookie = elsewhere.headers.getSetCookie().find((line) => line.startsWith(`${DEVICE_COOKIE}=`)) ?? '';
    expect(cookie).toMatch(/path=\/operations\/login/);
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=strict/i);
  }, 30_000);

  it('a flood of wrong logins from changing addresses is capped for the whole shop (429 before any check), and a browser the operator logged in from still gets in', async () => {
    const shell = await start({ loginLimits: { ...LOGIN_LIMITS, shopPerMinute: { points: 6, durationSeconds: 60 } } });
    const trusted = deviceOf(await login(shell, 'amina', PASSWORD, '192.0.2.1'));
    expect(trusted).toMatch(/^[\w-]{40,}$/);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await login(shell, `robot-${i}`, 'devine-le-mot-de-passe', `10.0.${i}.9`)).status);
    // The successful login gave its count back: six wrong ones are checked, the rest refused unchecked.
    expect(statuses.filter((status) => status === 401)).toHaveLength(6);
    expect(statuses.slice(6)).toEqual(Array(6).fill(429));
    // A new browser with the right password waits for the flood's minute, like everyone without a trusted browser …
    expect((await login(shell, 'amina', PASSWORD, '192.0.2.50')).status).toBe(429);
    // … but the operator's own browser is not held by others' attempts, from any address.
    expect((await login(shell, 'amina', PASSWORD, '192.0.2.77', trusted)).status).toBe(303);
    // A trusted browser's cookie is the operator's: it opens nothing for another name.
    expect((await login(shell, 'youssef', PASSWORD, '192.0.2.77', trusted)).status).toBe(429);
  }, 30_000);

  it('checks one password at a time with a short queue: the rest are refused at once with 503 and Retry-After', async () => {
    const shell = await start({ passwordChecks: { concurrency: 1, waiting: 2 } });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => login(shell, `robot-${i}`, 'devine-le-mot-de-passe', `10.1.${i}.9`)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(3);
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThanOrEqual(5);
    const busy = answers.find((answer) => answer.status === 503)!;
    expect(Number(busy.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await busy.text()).toContain('Trop de connexions en cours de vérification.');
  }, 30_000);
});
