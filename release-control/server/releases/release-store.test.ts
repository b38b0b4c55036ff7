import { describe, expect, it } from 'vitest';
import type { OperationsState, RevisionResponse } from '@shop/contracts/operations';
import type { PreviewCreated, ReleaseCheckResult, RemoteReleases } from '@shop/contracts/previews';
import { REMOTE_NAMES } from '@shop/contracts/remotes';
import { serverOnReleaseHostsForFile } from '../../test-support/for-file';
import { startReleaseControlServer } from '../../test-support/release-control-server';
import { openTestReleaseControl } from '../../test-support/test-release-control';

/** Release control told the store's URL (RELEASES_PUBLIC_URL), its origin among the allowed ones. */
const fixture = serverOnReleaseHostsForFile('release control with a release store', (releases) =>
  startReleaseControlServer({
    releases,
    releasesPublicUrl: `${releases.storeUrl}/`,
    allowedReleaseOrigins: [...REMOTE_NAMES.map((remote) => new URL(releases.entry(remote, '1.0.0')).origin), new URL(releases.storeUrl).origin],
  }),
);

const call = async <T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> => {
  const answer = await fetch(`${fixture.server.url}/operations/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${fixture.server.token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: answer.status, body: (await answer.json()) as T };
};

describe('release control with a release store (RELEASES_PUBLIC_URL)', () => {
  it('offers a team’s first release in the store beside those of the folder its live release is served from', async () => {
    const inStore = fixture.releases.storeEntry('mf_cart', '1.1.0');
    const state = (await call<OperationsState>('GET', '/state')).body;
    const cart = state.remotes.find((remote) => remote.name === 'mf_cart')!;
    expect(cart.releasesError).toBeUndefined();
    expect(cart.releases[0]).toMatchObject({ version: '1.1.0', entry: inStore });
    expect(cart.releases.map((release) => release.version)).toEqual(expect.arrayContaining(['1.0.0', '1.0.1']));
    expect(state.remotes.every((remote) => remote.releasesError === undefined)).toBe(true);

    const listing = (await call<RemoteReleases>('GET', '/remotes/mf_cart/releases')).body;
    expect(listing.releases.map((release) => release.entry)).toContain(inStore);
    expect((await call<ReleaseCheckResult>('POST', '/remotes/mf_cart/checks', { entry: inStore })).body.reasons).toEqual([]);
  });

  it('previews and switches to a release in the store, its files checked against its integrity record', async () => {
    const inStore = fixture.releases.storeEntry('mf_cart', '1.1.0');
    const preview = await call<PreviewCreated>('POST', '/previews', { releases: [{ remote: 'mf_cart', entry: inStore }] });
    expect(preview.status).toBe(201);
    expect(preview.body.preview.releases).toEqual([{ remote: 'mf_cart', entry: inStore, version: '1.1.0' }]);

    const live = (await call<OperationsState>('GET', '/state')).body.live.revision;
    const switched = await call<RevisionResponse>('POST', '/switch', { remote: 'mf_cart', entry: inStore, expectedRevision: live });
    expect(switched.status).toBe(200);
    expect(switched.body.revision.changes).toEqual([{ name: 'mf_cart', from: fixture.releases.entry('mf_cart', '1.0.0'), to: inStore }]);
    // Its live release in the store, the remote's index is the store's, read once.
    const cart = (await call<OperationsState>('GET', '/state')).body.remotes.find((remote) => remote.name === 'mf_cart')!;
    expect(cart.releases.map((release) => release.entry)).toEqual([inStore]);
  });

  it('does not start when the store’s origin is not among the allowed release origins (here their default)', async () => {
    await expect(
      openTestReleaseControl({ releases: fixture.releases, publicUrl: 'http://127.0.0.1:9', releasesPublicUrl: fixture.releases.storeUrl }),
    ).rejects.toThrow(
      new RegExp(
        `^Invalid release control configuration:\\n  - RELEASES_PUBLIC_URL: its origin ${new URL(fixture.releases.storeUrl).origin} is not among the allowed release origins \\(ALLOWED_RELEASE_ORIGINS is unset: the origins of .*remotes\\.json at start: http://127\\.0\\.0\\.1:\\d+, .*\\), so no release of the store could go live; add ${new URL(fixture.releases.storeUrl).origin} to ALLOWED_RELEASE_ORIGINS$`,
      ),
    );
  });
});
