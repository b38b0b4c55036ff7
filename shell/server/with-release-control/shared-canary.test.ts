import { expect, it } from 'vitest';
import type { RevisionResponse } from '@shop/contracts/operations';
import { AUTOMATIC_AUTHOR, type TelemetryBeacon } from '@shop/contracts/progressive-delivery';
import type { RemotesConfig } from '@shop/contracts/remotes';
import { sendBeacon, visitPage } from '../test-support/page-visit';
import { shellsOnOneRedis } from '../test-support/shells-on-one-redis';

const shells = shellsOnOneRedis();

const cartEntry = async (url: string, cookie: string) =>
  ((await (await fetch(`${url}/remotes.json`, { headers: { Cookie: cookie } })).json()) as RemotesConfig).remotes.find((r) => r.name === 'mf_cart')!.entry;

it('two shells on one Redis: pages served by one, their beacons reaching the other, and either’s watch abort a failing canary; both serve the live release soon after the beacons (B’s watch runs every 200 ms, A’s every minute)', async () => {
  const rule = { minBrowsers: 4, minFailureRate: 0.05, minRatioToLive: 2, windowMinutes: 10 };
  const a = await shells.start({ redisPrefix: 'canary:', rule, checkIntervalMs: 60_000 });
  const b = await shells.start({ redisPrefix: 'canary:', operator: 'youssef', rule, checkIntervalMs: 200 });
  const candidate = shells.releases.entry('mf_cart', '1.0.1');
  const started = await fetch(`${a.url}/operations/api/canary`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${a.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ remote: 'mf_cart', entry: candidate, share: 100, expectedRevision: 1 }),
  });
  expect(started.status).toBe(200);
  const { revision } = (await started.json()) as RevisionResponse;
  const cookie = `shop_bucket=${'ab'.repeat(16)}`;
  // Shell B has the canary through pub/sub (nothing polls), and serves the candidate to this browser (100 %). The bounds
  // below hold on a loaded machine.
  const seen = performance.now();
  while ((await cartEntry(b.url, cookie)) !== candidate) {
    expect(performance.now() - seen).toBeLessThan(10_000);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }

  // Four browsers load a page from B (its view token is signed with the key every shell shares) and report to A: two
  // saw the candidate fail, one of them on each of its three page views. The fourth browser's one view is the last
  // report: B's watch (every 200 ms) cannot judge before it, so the abort's figures are these, whenever it runs.
  for (const n of [1, 2, 3, 4]) {
    const page = await visitPage(b.url, `shop_bucket=${String(n).repeat(32)}`);
    expect(page.releases.mf_cart).toBe('1.0.1');
    for (let view = 0; view < (n === 4 ? 1 : 3); view++) {
      const views: TelemetryBeacon['views'] = [{ remote: 'mf_cart', version: '1.0.1', outcome: n <= 2 && (n === 2 || view === 0) ? 'render_threw' : 'rendered' }];
      expect((await sendBeacon(a.url, { token: page.token, views })).status).toBe(204);
    }
  }
  // B's watch sees A's counts in Redis and aborts; A applies B's revision (well before A's own watch would run).
  const waited = performance.now();
  while ((await cartEntry(a.url, cookie)) !== shells.releases.entry('mf_cart', '1.0.0')) {
    expect(performance.now() - waited).toBeLessThan(30_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const live = a.stores.live.store.live;
  expect(live.revision).toBe(revision.revision + 1);
  expect(live.by).toBe(AUTOMATIC_AUTHOR);
  expect(live.figures?.candidate).toEqual({ version: '1.0.1', views: 10, failed: 4, browsers: 4, failedBrowsers: 2 });
  // Both watches judged it; the compare-and-set let exactly one abort through.
  expect((await a.stores.live.store.history()).filter((r) => r.by === AUTOMATIC_AUTHOR)).toHaveLength(1);
  expect(await a.delivery.watch.check()).toBeNull();
});
