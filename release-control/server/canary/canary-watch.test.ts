import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { AUTOMATIC_AUTHOR, candidateConfig, DEFAULT_ROLLBACK_RULE } from '@shop/contracts/progressive-delivery';
import { startReleaseControlServer, type ReleaseControlServer } from '../../test-support/release-control-server';
import { startReleaseHosts, type FakeReleaseHosts } from '../../test-support/release-hosts';

let releases: FakeReleaseHosts;
let shell: ReleaseControlServer;
beforeAll(async () => {
  releases = await startReleaseHosts();
});
afterAll(() => releases?.close());
afterEach(() => shell?.close());

/** A shell with a canary of mf_cart 1.0.1 at `share` %, the default rule. */
async function controlWithCanary(share: number): Promise<ReleaseControlServer> {
  shell = await startReleaseControlServer({ releases, rule: DEFAULT_ROLLBACK_RULE });
  const started = await fetch(`${shell.url}/operations/api/canary`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${shell.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ remote: 'mf_cart', entry: releases.entry('mf_cart', '1.0.1'), share, expectedRevision: 1 }),
  });
  expect(started.status).toBe(200);
  return shell;
}

describe('the canary’s watch also judges what the server sees itself', () => {
  it('aborts a candidate whose server build the renderers cannot load, on the server’s renders alone', async () => {
    await controlWithCanary(50);
    const withCanary = shell.stores.live.store.live.config;
    const { canary: _canary, ...live } = withCanary;
    for (let i = 0; i < DEFAULT_ROLLBACK_RULE.minBrowsers - 1; i++) shell.delivery.serverRendered(candidateConfig(withCanary)!, ['mf_cart']);
    for (let i = 0; i < 30; i++) shell.delivery.serverRendered(live, []);
    expect(await shell.delivery.watch.check()).toBeNull();
    shell.delivery.serverRendered(candidateConfig(withCanary)!, ['mf_cart']);
    // Renders of a page without the canary's remote in trouble count as rendered; no browser has reported anything.
    const aborted = await shell.delivery.watch.check();
    expect(aborted).toMatchObject({ by: AUTOMATIC_AUTHOR, canary: { action: 'aborted' } });
    expect(aborted?.figures?.server).toEqual({ candidate: { renders: 20, failed: 20 }, live: { renders: 30, failed: 0 } });
    expect(aborted?.figures?.candidate.browsers).toBe(0);
    expect(aborted?.reason).toMatch(/^Abandon automatique : le serveur échoue à rendre 1\.0\.1 dans 100 % des pages \(20 sur 20\)/);
  });

  it('aborts a candidate whose browser files go missing while it is measured, once two probes in a row find them gone', async () => {
    await controlWithCanary(10);
    expect(await shell.delivery.watch.check()).toBeNull();
    await rm(join(releases.folder('mf_cart', '1.0.1'), 'static/js/async/__federation_expose_CartDropdown.js'));
    expect(await shell.delivery.watch.check()).toBeNull(); // once may be a blip
    const aborted = await shell.delivery.watch.check();
    expect(aborted?.by).toBe(AUTOMATIC_AUTHOR);
    expect(aborted?.figures?.missingFiles).toEqual([`${releases.entry('mf_cart', '1.0.1').replace('mf-manifest.json', '')}static/js/async/__federation_expose_CartDropdown.js`]);
    expect(aborted?.reason).toMatch(/^Abandon automatique : des fichiers de 1\.0\.1 pour les navigateurs manquent \(http:.*__federation_expose_CartDropdown\.js\)\.$/);
  });
});
