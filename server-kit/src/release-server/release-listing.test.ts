import { mkdir, utimes, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReleaseListing } from '@shop/contracts/operations';
import { createReleaseServer } from './app';
import { writeTestReleases, type TestReleases } from './test-releases';

describe('GET /releases.json', () => {
  let releases: TestReleases;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    releases = await writeTestReleases();
    const { root } = releases;
    // 1.0.1 built after 1.0.0; a folder without a manifest, a malformed manifest and the root's own are not releases.
    await utimes(join(root, '1.0.0', 'mf-manifest.json'), new Date('2026-11-01T10:00:00Z'), new Date('2026-11-01T10:00:00Z'));
    await utimes(join(root, '1.0.1', 'mf-manifest.json'), new Date('2026-11-20T10:00:00Z'), new Date('2026-11-20T10:00:00Z'));
    await mkdir(join(root, 'harness'), { recursive: true });
    await mkdir(join(root, '2.0.0-broken'), { recursive: true });
    await writeFile(join(root, '2.0.0-broken', 'mf-manifest.json'), '{ not json');
    await writeFile(join(root, 'mf-manifest.json'), '{}');
    server = createReleaseServer({ root, allowedOrigins: [] }).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await releases.remove();
  });

  it('lists the releases served, newest build first, with manifests this server answers', async () => {
    const response = await fetch(`${url}/releases.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const listing = (await response.json()) as ReleaseListing;
    expect(listing.releases).toEqual([
      { version: '1.0.1', manifest: '/1.0.1/mf-manifest.json', builtAt: '2026-11-20T10:00:00.000Z' },
      { version: '1.0.0', manifest: '/1.0.0/mf-manifest.json', builtAt: '2026-11-01T10:00:00.000Z' },
    ]);
    for (const release of listing.releases) expect((await fetch(new URL(release.manifest, `${url}/releases.json`))).status).toBe(200);
  });

  it('shows a new release at once, and answers an empty list when the folder is missing', async () => {
    await mkdir(join(releases.root, '1.0.2'), { recursive: true });
    await writeFile(join(releases.root, '1.0.2', 'mf-manifest.json'), '{}');
    const listing = (await (await fetch(`${url}/releases.json`)).json()) as ReleaseListing;
    expect(listing.releases[0]?.version).toBe('1.0.2');

    const empty = createReleaseServer({ root: join(releases.root, 'missing'), allowedOrigins: [] }).listen(0, '127.0.0.1');
    await new Promise((resolve) => empty.once('listening', resolve));
    const answer = await fetch(`http://127.0.0.1:${(empty.address() as AddressInfo).port}/releases.json`);
    expect(await answer.json()).toEqual({ releases: [] });
    empty.close();
  });
});
