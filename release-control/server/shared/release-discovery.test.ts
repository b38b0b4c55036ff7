import { createServer, type RequestListener, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS_MESSAGES } from '@shop/contracts/operations';
import { REMOTE_NAMES } from '@shop/contracts/remotes';
import { closeServer, urlOf } from '@shop/server-kit/listening-server';
import { startReleaseHosts, type FakeReleaseHosts } from '../../test-support/release-hosts';
import { releaseDiscovery, releaseIndexOf } from './release-discovery';

let hosts: FakeReleaseHosts;
const servers: Server[] = [];
beforeAll(async () => {
  hosts = await startReleaseHosts();
});
afterAll(async () => {
  await Promise.all(servers.map(closeServer));
  await hosts?.close();
});

/** A server of its own answering every request with `listener`; its URL. */
async function serving(listener: RequestListener): Promise<string> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return urlOf(server);
}

const originOf = (url: string) => new URL(url).origin;
/** The release hosts' origins and the store's: what ALLOWED_RELEASE_ORIGINS would list. */
const allowed = () => [...REMOTE_NAMES.map((remote) => originOf(hosts.entry(remote, '1.0.0'))), originOf(hosts.storeUrl)];
const versions = (releases: ReadonlyArray<{ version: string }>) => releases.map((release) => release.version);

describe('release discovery', () => {
  it('reads the index beside a release: the release server’s /releases.json, the store’s <remote>/releases.json', () => {
    expect(releaseIndexOf('http://127.0.0.1:4101/1.0.0/mf-manifest.json')).toBe('http://127.0.0.1:4101/releases.json');
    expect(releaseIndexOf('https://cdn.example.ma/releases/mf_cart/1.1.0/mf-manifest.json')).toBe('https://cdn.example.ma/releases/mf_cart/releases.json');
  });

  it('offers the releases beside the live one, with absolute manifest URLs, when there is no store', async () => {
    const { releases, error } = await releaseDiscovery({ storeUrl: undefined, allowedOrigins: allowed() })('mf_cart', hosts.entry('mf_cart', '1.0.0'));
    expect(error).toBeUndefined();
    expect(versions(releases).sort()).toEqual(['1.0.0', '1.0.1', '1.0.2-react18', '1.0.3-sans-lignes']);
    expect(releases.find((release) => release.version === '1.0.1')?.entry).toBe(hosts.entry('mf_cart', '1.0.1'));
  });

  it('merges the store’s index of the remote with the live release’s, newest build first, each release once', async () => {
    const discover = releaseDiscovery({ storeUrl: hosts.storeUrl, allowedOrigins: allowed() });
    const { releases, error } = await discover('mf_cart', hosts.entry('mf_cart', '1.0.0'));
    expect(error).toBeUndefined();
    // The store's release was published last; its manifest is relative to its index (`1.1.0/mf-manifest.json`).
    expect(releases[0]).toMatchObject({ version: '1.1.0', manifest: '1.1.0/mf-manifest.json', entry: hosts.storeEntry('mf_cart', '1.1.0') });
    expect(versions(releases).sort()).toEqual(['1.0.0', '1.0.1', '1.0.2-react18', '1.0.3-sans-lignes', '1.1.0']);

    // Once the live release is in the store, its index is the store's: read once, each release once.
    const fromStore = await discover('mf_cart', hosts.storeEntry('mf_cart', '1.1.0'));
    expect(fromStore).toEqual({ releases: [expect.objectContaining({ version: '1.1.0', entry: hosts.storeEntry('mf_cart', '1.1.0') })] });

    // A remote that has published nothing to the store (its index there is a 404) lists its folder's releases, no error.
    expect(await discover('mf_frame', hosts.entry('mf_frame', '1.0.0'))).toEqual({ releases: [expect.objectContaining({ version: '1.0.0' })] });
  });

  it('says the store is unreachable when it does not answer or fails, in French, and still lists the live index’s releases', async () => {
    const closed = await serving(() => undefined);
    await closeServer(servers.pop()!);
    const failing = await serving((_request, response) => response.writeHead(503).end());
    const silent = await serving(() => undefined);
    for (const [store, why] of [
      [closed, /^connect ECONNREFUSED 127\.0\.0\.1:\d+$/],
      [failing, /^il répond HTTP 503$/],
      [silent, /^pas de réponse en 0,3 s$/],
    ] as const) {
      const storeUrl = `${store}/releases`;
      const discover = releaseDiscovery({ storeUrl, allowedOrigins: [...allowed(), store], timeoutMs: 300 });
      const { releases, error } = await discover('mf_cart', hosts.entry('mf_cart', '1.0.0'));
      const index = `${storeUrl}/mf_cart/releases.json`;
      const said = `Le dépôt des versions (${index}) est injoignable : `;
      expect(error?.startsWith(said) && error.endsWith('.')).toBe(true);
      expect(error!.slice(said.length, -1)).toMatch(why);
      expect(versions(releases)).toContain('1.0.1');
    }
    const { error } = await releaseDiscovery({ storeUrl: `${failing}/releases`, allowedOrigins: allowed() })('mf_cart', hosts.entry('mf_cart', '1.0.0'));
    expect(error).toBe(OPERATIONS_MESSAGES.releaseStoreUnreachable(`${failing}/releases/mf_cart/releases.json`, 'il répond HTTP 503'));
  });

  it('keeps only releases inside their index’s folder and on an allowed origin', async () => {
    const store = await serving((_request, response) => {
      const at = (manifest: string) => ({ version: manifest.split('/').at(-2), manifest, builtAt: '2026-05-01T10:00:00.000Z' });
      response.setHeader('Content-Type', 'application/json');
      response.end(
        JSON.stringify({
          releases: [at('2.0.0/mf-manifest.json'), at('/autre/2.0.1/mf-manifest.json'), at('http://127.0.0.2:9/releases/mf_cart/2.0.2/mf-manifest.json'), at('../mf_frame/2.0.3/mf-manifest.json')],
        }),
      );
    });
    const discover = async (allowedOrigins: string[]) => {
      const { releases } = await releaseDiscovery({ storeUrl: `${store}/releases`, allowedOrigins })('mf_cart', hosts.entry('mf_cart', '1.0.0'));
      return versions(releases).filter((version) => version.startsWith('2.'));
    };
    expect(await discover([...allowed(), store, 'http://127.0.0.2:9'])).toEqual(['2.0.0']);
    // The store's origin not allowed: none of its releases is offered.
    expect(await discover(allowed())).toEqual([]);
  });
});
