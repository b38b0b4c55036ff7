import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestOf } from '@shop/contracts/release-digest';
import { installReleaseFiles } from './verified-release-files';

const entry = 'http://127.0.0.1:9/1.0.0/mf-manifest.json';
const chunk = 'http://127.0.0.1:9/1.0.0/ssr/mf_cart.js';
const originalFetch = globalThis.fetch;
const api = createServer((_, response) => response.end('{"products":[]}'));
let apiUrl = '';

beforeAll(async () => {
  api.listen(0, '127.0.0.1');
  await once(api, 'listening');
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}/api/products`;
  installReleaseFiles(
    [
      { url: entry, integrity: digestOf('{"name":"mf_cart"}'), text: '{"name":"mf_cart"}' },
      // Its text no longer matches its digest, as if changed in memory or on disk between the shell's check and use.
      { url: chunk, integrity: digestOf('exports.a = 1;'), text: 'exports.a = "changed";' },
    ],
    [entry],
  );
});
afterAll(() => {
  globalThis.fetch = originalFetch;
  api.close();
});

describe('what a renderer fetches of a release', () => {
  it('is answered from the verified files, without the network (nothing listens on port 9)', async () => {
    const response = await fetch(entry);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({ name: 'mf_cart' });
  });

  it('is refused when a file does not match its digest, or is not among the files handed', async () => {
    await expect(fetch(chunk)).rejects.toThrow(/not those of its integrity record/);
    await expect(fetch('http://127.0.0.1:9/1.0.0/ssr/other.js')).rejects.toThrow(/not a verified file of a live release/);
  });

  it('leaves any other URL to the network (and the access sensor)', async () => {
    expect(await (await fetch(apiUrl)).json()).toEqual({ products: [] });
  });
});
