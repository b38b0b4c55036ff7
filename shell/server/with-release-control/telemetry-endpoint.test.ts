import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BEACON_BYTES, TELEMETRY_PATH } from '@shop/contracts/progressive-delivery';
import { TELEMETRY_LIMITS } from '@shop/release-control/test-support/rules';
import { VIEW_TOKENS } from '@shop/release-control/test-support/rules';
import { sendBeacon, visitPage } from '../test-support/page-visit';
import { startOperationsShell, type OperationsShell } from '../test-support/operations-shell';
import { operationsShellForFile } from '../test-support/operations-shell-for-file';

const fixture = operationsShellForFile();

const send = (body: string | Blob, init: { type?: string; cookie?: string; method?: string } = {}) =>
  fetch(`${fixture.shell.url}${TELEMETRY_PATH}`, {
    method: init.method ?? 'POST',
    headers: { 'Content-Type': init.type ?? 'application/json', ...(init.cookie ? { Cookie: init.cookie } : {}) },
    ...(init.method === 'GET' ? {} : { body }),
  });

const view = { remote: 'mf_cart', version: '1.0.0', outcome: 'rendered' };
const cookieOf = (n: number) => `shop_bucket=${n.toString(16).padStart(32, '0')}`;

/** A malformed or oversized beacon, a different kind for each n. */
function malformed(n: number): { body: string | Blob; type?: string; method?: string } {
  const kinds: Array<() => { body: string | Blob; type?: string; method?: string }> = [
    () => ({ body: '{"views": [' }),
    () => ({ body: 'null' }),
    () => ({ body: JSON.stringify([view]) }),
    () => ({ body: JSON.stringify({ views: [] }) }),
    () => ({ body: JSON.stringify({ views: [view], extra: n }) }),
    () => ({ body: JSON.stringify({ views: [{ ...view, remote: 'mf_evil' }] }) }),
    () => ({ body: JSON.stringify({ views: [{ ...view, version: `../${n}` }] }) }),
    () => ({ body: JSON.stringify({ views: [{ ...view, outcome: 'exploded' }] }) }),
    () => ({ body: JSON.stringify({ views: [{ ...view, version: n }] }) }),
    () => ({ body: JSON.stringify({ views: Array.from({ length: 17 }, () => view) }) }),
    () => ({ body: JSON.stringify({ views: [{ ...view, email: 'shopper@example.ma' }] }) }),
    () => ({ body: 'x'.repeat(MAX_BEACON_BYTES + 1 + (n % 50_000)) }),
    () => ({ body: new Blob([JSON.stringify({ views: [{ ...view, version: "é".repeat(1200) }] })]) }),
    () => ({ body: JSON.stringify({ views: [view] }), type: 'application/x-www-form-urlencoded' }),
    () => ({ body: '', method: 'GET' }),
    () => ({ body: '\u0000'.repeat(n % 100) }),
  ];
  return kinds[n % kinds.length]!();
}

describe('POST /telemetry', () => {
  it('answers 1,000 malformed or oversized beacons with 4xx, never a 5xx, counts nothing, and limits the address with 429', async () => {
    const statuses: number[] = [];
    for (let start = 0; start < 1000; start += 50) {
      const batch = await Promise.all(
        Array.from({ length: 50 }, async (_, i) => {
          const { body, ...init } = malformed(start + i);
          const response = await send(body, { ...init, cookie: cookieOf(start + i) });
          const text = await response.text();
          if (response.status !== 405 && response.status !== 204) expect(JSON.parse(text).error.code).toEqual(expect.any(String));
          return response.status;
        }),
      );
      statuses.push(...batch);
    }
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status < 400)).toEqual([]);
    expect(new Set(statuses)).toEqual(new Set([400, 405, 413, 415, 429]));
    // Refusals that need no reading (size, type, method) come first; every other attempt counts against the address,
    // malformed ones too, and past its limit the rest are refused unread.
    expect(statuses.filter((status) => status === 400).length).toBe(TELEMETRY_LIMITS.perAddressPerMinute);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(await fixture.shell.delivery.counts.browsers.figures('mf_cart', '1.0.0', Date.now() - 60_000)).toEqual({ views: 0, failed: 0, browsers: 0, failedBrowsers: 0 });
  }, 60_000);
});

describe('POST /telemetry per browser', () => {
  let own: OperationsShell;
  beforeAll(async () => {
    own = await startOperationsShell({ releases: fixture.releases, limits: { perAddressPerMinute: 1000, perBrowserPerMinute: 5 } });
  });
  afterAll(() => own?.close());

  it('counts a page’s beacons for the releases it was served, and limits one browser with 429 and Retry-After', async () => {
    const page = await visitPage(own.url, cookieOf(1));
    for (let i = 0; i < 5; i++) expect((await sendBeacon(own.url, { token: page.token, views: [view] })).status).toBe(204);
    const limited = await sendBeacon(own.url, { token: page.token, views: [view] });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another browser is not held by the first one's limit; with no cookie, a page load is a browser of its own.
    expect((await sendBeacon(own.url, { token: (await visitPage(own.url, cookieOf(2))).token, views: [view] })).status).toBe(204);
    expect((await sendBeacon(own.url, { token: (await visitPage(own.url)).token, views: [view] })).status).toBe(204);
    expect(await own.delivery.counts.browsers.figures('mf_cart', '1.0.0', Date.now() - 60_000)).toEqual({ views: 7, failed: 0, browsers: 3, failedBrowsers: 0 });
  });

});

describe('POST /telemetry against forgers (issue 31)', () => {
  let roomy: OperationsShell;
  beforeAll(async () => {
    // Limits out of the way, so that what refuses each forgery here is the view token.
    roomy = await startOperationsShell({ releases: fixture.releases, limits: { perAddressPerMinute: 100_000, perBrowserPerMinute: 100_000 } });
  });
  afterAll(() => roomy?.close());
  const counted = () => roomy.delivery.counts.browsers.figures('mf_cart', '1.0.0', Date.now() - 60_000);

  it('lets two anonymous beacons (no cookie, no token) claiming 16 failed views each abort no canary', async () => {
    const started = await fetch(`${roomy.url}/operations/api/canary`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${roomy.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ remote: 'mf_cart', entry: fixture.releases.entry('mf_cart', '1.0.1'), share: 50, expectedRevision: 1 }),
    });
    expect(started.status).toBe(200);
    const failing = { remote: 'mf_cart', version: '1.0.1', outcome: 'load_failed' };
    for (let i = 0; i < 2; i++) {
      const answer = await fetch(`${roomy.url}${TELEMETRY_PATH}`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify({ views: Array(16).fill(failing) }) });
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('invalid_beacon');
    }
    expect(await roomy.delivery.watch.check()).toBeNull();
    expect(roomy.stores.live.store.live.config.canary).toMatchObject({ name: 'mf_cart', share: 50 });
    expect((await roomy.delivery.counts.browsers.figures('mf_cart', '1.0.1', Date.now() - 60_000)).views).toBe(0);
    const ended = await fetch(`${roomy.url}/operations/api/canary/abort`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${roomy.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ expectedRevision: 2 }),
    });
    expect(ended.status).toBe(200);
  });

  it('counts nothing of 600 forged beacons: from another site, with made-up or altered tokens, or naming releases the page was not served', async () => {
    const page = await visitPage(roomy.url, cookieOf(7));
    const [body, mac] = page.token.split('.') as [string, string];
    const forgeries: Array<() => Promise<Response>> = [
      () => sendBeacon(roomy.url, { token: page.token, views: [view] }, { Origin: 'https://evil.example' }),
      () => sendBeacon(roomy.url, { token: page.token, views: [view] }, { 'Sec-Fetch-Site': 'cross-site' }),
      () => sendBeacon(roomy.url, { token: `${'A'.repeat(40)}.${'B'.repeat(22)}`, views: [view] }, { Cookie: cookieOf(Math.floor(Math.random() * 1e9)) }),
      () => sendBeacon(roomy.url, { token: `${Buffer.from(JSON.stringify({ b: '', t: Date.now() / 1000, n: 'x', r: 'mf_cart@1.0.0' })).toString('base64url')}.${mac}`, views: [view] }),
      () => sendBeacon(roomy.url, { token: `${body}.${'B'.repeat(22)}`, views: [view] }),
      () => sendBeacon(roomy.url, { token: page.token, views: [{ ...view, version: '9.9.9' }] }),
    ];
    const statuses = await Promise.all(Array.from({ length: 600 }, (_, i) => forgeries[i % forgeries.length]!().then((answer) => answer.status)));
    expect(new Set(statuses)).toEqual(new Set([400, 403]));
    expect(statuses.filter((status) => status === 403)).toHaveLength(200);
    expect(await counted()).toEqual({ views: 0, failed: 0, browsers: 0, failedBrowsers: 0 });
  });

  it('counts a token’s page views up to its budget (a page load and its navigations), then answers 409', async () => {
    const page = await visitPage(roomy.url);
    const statuses: number[] = [];
    for (let i = 0; i < VIEW_TOKENS.viewsPerToken + 2; i++) statuses.push((await sendBeacon(roomy.url, { token: page.token, views: [view] })).status);
    expect(statuses.filter((status) => status === 204)).toHaveLength(VIEW_TOKENS.viewsPerToken);
    expect(statuses.slice(-2)).toEqual([409, 409]);
    expect(await counted()).toMatchObject({ views: VIEW_TOKENS.viewsPerToken, browsers: 1 });
  });
});
