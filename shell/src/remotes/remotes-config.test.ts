// @vitest-environment jsdom
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RemotesConfig } from '@shop/contracts/remotes';
import { fetchRemotesConfig, REMOTES_SCRIPT_ID } from './remotes-config';

const good = (version: string): RemotesConfig => ({
  remotes: [
    { name: 'mf_frame', entry: `http://localhost:3001/${version}/mf-manifest.json` },
    { name: 'mf_cart', entry: `http://localhost:3002/${version}/mf-manifest.json` },
    { name: 'mf_catalog_pages', entry: `http://localhost:3003/${version}/mf-manifest.json` },
  ],
});

/** What the page holds: the server's inline copy of remotes.json. */
function inlineCopy(text: string): void {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = REMOTES_SCRIPT_ID;
  script.textContent = text;
  document.head.append(script);
}

describe('fetchRemotesConfig (the browser’s reading of remotes.json)', () => {
  let server: Server;
  let base: string;
  let served = '';
  let requests = 0;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      requests += 1;
      res.writeHead(200, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' }).end(served);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  afterEach(() => {
    document.getElementById(REMOTES_SCRIPT_ID)?.remove();
    requests = 0;
  });

  it('takes the inline copy the server checked, without a request', async () => {
    inlineCopy(JSON.stringify(good('1.0.1')));
    served = JSON.stringify(good('9.9.9'));
    expect(await fetchRemotesConfig(`${base}/remotes.json`)).toEqual(good('1.0.1'));
    expect(requests).toBe(0);
  });

  it('falls back to the file when the inline copy is not a configuration', async () => {
    inlineCopy(JSON.stringify({ remote: good('1.0.1').remotes }));
    served = JSON.stringify(good('1.0.2'));
    expect(await fetchRemotesConfig(`${base}/remotes.json`)).toEqual(good('1.0.2'));
    expect(requests).toBe(1);
  });

  it('refuses a release URL that is not a canonical http(s) one, saying why (every remote then shows its fallback)', async () => {
    served = JSON.stringify({ remotes: good('1.0.0').remotes.map((r) => ({ ...r, entry: 'javascript:alert(1)//mf-manifest.json' })) });
    await expect(fetchRemotesConfig(`${base}/remotes.json`)).rejects.toThrow(/remotes\.json: mf_frame: entry .*must use http or https/);
  });

  it('falls back to the file when the inline copy is not JSON', async () => {
    inlineCopy('{"remotes": [');
    served = JSON.stringify(good('1.0.3'));
    expect(await fetchRemotesConfig(`${base}/remotes.json`)).toEqual(good('1.0.3'));
    expect(requests).toBe(1);
  });
});
