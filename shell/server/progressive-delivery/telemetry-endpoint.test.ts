import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BEACON_BYTES, TELEMETRY_PATH } from '@shop/contracts/progressive-delivery';
import { TELEMETRY_LIMITS } from './telemetry-endpoint';
import { startOperationsShell, startReleaseHosts, type FakeReleaseHosts, type OperationsShell } from '../test-support/operations-shell';

let releases: FakeReleaseHosts;
let shell: OperationsShell;
beforeAll(async () => {
  releases = await startReleaseHosts();
  shell = await startOperationsShell({ releases });
});
afterAll(async () => {
  await shell?.close();
  await releases?.close();
});

const send = (body: string | Blob, init: { type?: string; cookie?: string; method?: string } = {}) =>
  fetch(`${shell.url}${TELEMETRY_PATH}`, {
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
    expect(await shell.delivery.counts.figures('mf_cart', '1.0.0', Date.now() - 60_000)).toEqual({ views: 0, failed: 0 });
  }, 60_000);
});

describe('POST /telemetry per browser', () => {
  let own: OperationsShell;
  beforeAll(async () => {
    own = await startOperationsShell({ releases, limits: { perAddressPerMinute: 1000, perBucketPerMinute: 5 } });
  });
  afterAll(() => own?.close());

  it('counts a valid beacon of a live release, and limits one bucket with 429 and Retry-After', async () => {
    const post = (cookie: string) =>
      fetch(`${own.url}${TELEMETRY_PATH}`, { method: 'POST', headers: { 'Content-Type': 'text/plain', Cookie: cookie }, body: JSON.stringify({ views: [view] }) });
    for (let i = 0; i < 5; i++) expect((await post(cookieOf(1))).status).toBe(204);
    const limited = await post(cookieOf(1));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await post(cookieOf(2))).status).toBe(204);
    expect(await own.delivery.counts.figures('mf_cart', '1.0.0', Date.now() - 60_000)).toEqual({ views: 6, failed: 0 });
  });
});
