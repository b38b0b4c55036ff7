import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AUTOMATIC_AUTHOR, candidateConfig, DEFAULT_ROLLBACK_RULE } from '@shop/contracts/progressive-delivery';
import { startTestEdgeCache, type TestEdgeCache } from '@shop/server-kit/test-edge-cache';
import { startReleaseControlServer, type ReleaseControlServer } from '../test-support/release-control-server';
import { startReleaseHosts, type FakeReleaseHosts } from '../test-support/release-hosts';

let releases: FakeReleaseHosts;
let varnish: TestEdgeCache;
let control: ReleaseControlServer;
beforeAll(async () => {
  releases = await startReleaseHosts();
});
afterAll(() => releases?.close());
afterEach(async () => {
  await control?.close();
  await varnish?.close();
});

/** Release control over HTTP with a stand-in for the fleet's Varnish in EDGE_PURGE_URLS. */
async function start(): Promise<void> {
  varnish = await startTestEdgeCache();
  control = await startReleaseControlServer({ releases, rule: DEFAULT_ROLLBACK_RULE, edgePurgeUrls: [varnish.url] });
}

async function post(path: string, body: Record<string, unknown>): Promise<void> {
  const answer = await fetch(`${control.url}/operations/api${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${control.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...body, expectedRevision: control.stores.live.store.live.revision }),
  });
  expect(answer.status, await answer.clone().text()).toBe(200);
}

/** The tags the cache was asked to drop since the last call. */
async function purgedSince(): Promise<string[]> {
  await control.stores.edgePurger.settled();
  const tags = varnish.tags();
  varnish.purges.splice(0);
  return tags;
}

describe('a change of the live configuration purges the pages of the releases it replaces (decision 045)', () => {
  it('a switch through the API sends PURGE with the replaced release’s tag, and a rollback the other one’s', async () => {
    await start();
    await post('/switch', { remote: 'mf_cart', entry: releases.entry('mf_cart', '1.0.1') });
    await control.stores.edgePurger.settled();
    expect(varnish.purges).toEqual([{ method: 'PURGE', path: '/', tags: ['release:mf_cart@1.0.0'] }]);
    varnish.purges.splice(0);
    await post('/rollback', { remote: 'mf_cart' });
    expect(await purgedSince()).toEqual(['release:mf_cart@1.0.1']);
  });

  it('a canary purges its remote’s live pages when it starts or its share changes, and its candidate’s when it ends', async () => {
    await start();
    const candidate = releases.entry('mf_cart', '1.0.1');
    await post('/canary', { remote: 'mf_cart', entry: candidate, share: 10 });
    expect(await purgedSince()).toEqual(['release:mf_cart@1.0.0']);
    await post('/canary', { remote: 'mf_cart', entry: candidate, share: 50 });
    expect(await purgedSince()).toEqual(['release:mf_cart@1.0.1', 'release:mf_cart@1.0.0']);
    await post('/canary/abort', {});
    expect(await purgedSince()).toEqual(['release:mf_cart@1.0.1']);
  });

  it('a canary aborted by its watch purges its candidate’s pages too', async () => {
    await start();
    await post('/canary', { remote: 'mf_cart', entry: releases.entry('mf_cart', '1.0.1'), share: 50 });
    await purgedSince();
    const withCanary = control.stores.live.store.live.config;
    for (let i = 0; i < DEFAULT_ROLLBACK_RULE.minBrowsers; i++) control.delivery.serverRendered(candidateConfig(withCanary)!, ['mf_cart']);
    expect(await control.delivery.watch.check()).toMatchObject({ by: AUTOMATIC_AUTHOR, canary: { action: 'aborted' } });
    expect(await purgedSince()).toEqual(['release:mf_cart@1.0.1']);
  });
});
