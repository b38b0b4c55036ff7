import { brotliCompressSync } from 'node:zlib';
import type { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTypeOf } from './content-types';
import { releaseStoreContract } from './release-store-contract';
import { MANIFEST_FILE, ReleaseFileExistsError } from './release-store';
import { startTestBucket, type TestBucket } from './test-bucket';

const SHOP = 'http://localhost:3000';

let bucket: TestBucket;
let prefixes = 0;
beforeAll(async () => {
  bucket = await startTestBucket({ allowedOrigins: [SHOP] });
});
afterAll(() => bucket.stop());

/** A fresh prefix per store: its own empty index. */
const freshPrefix = () => `t${++prefixes}`;

releaseStoreContract('bucket store', async () => {
  const store = bucket.store({ prefix: freshPrefix() });
  return { store, remote: 'mf_cart', close: async () => store.close() };
});

/** The input of each PutObject the client sends, in order (a middleware at the start of the SDK's stack). */
function recordPuts(client: S3Client, before?: (input: Record<string, unknown>) => Promise<void>): Array<Record<string, unknown>> {
  const puts: Array<Record<string, unknown>> = [];
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === 'PutObjectCommand') {
        const input = args.input as Record<string, unknown>;
        puts.push({ ...input });
        await before?.(input);
      }
      return next(args);
    },
    { step: 'initialize', name: 'recordPuts' },
  );
  return puts;
}

/** The error an S3 server's 412 becomes. */
const preconditionFailed = () => Object.assign(new Error('At least one of the pre-conditions you specified did not hold'), { name: 'PreconditionFailed', $metadata: { httpStatusCode: 412 } });

describe('bucket store', () => {
  it('stores every release file a year as immutable with its type, and the index revalidated, under the prefix', async () => {
    const prefix = freshPrefix();
    const store = bucket.store({ prefix });
    try {
      await store.putFile('mf_cart', '1.0.0', 'static/js/a.1a2b.js', brotliCompressSync('console.log(1)'), { contentType: contentTypeOf('a.js'), contentEncoding: 'br' });
      await store.putFile('mf_cart', '1.0.0', 'ssr/mf_cart.js', Buffer.from('module.exports = {}'), { contentType: contentTypeOf('a.js') });
      await store.putFile('mf_cart', '1.0.0', MANIFEST_FILE, Buffer.from('{}'), { contentType: 'application/json', onlyIfAbsent: true });
      await store.addToIndex('mf_cart', { version: '1.0.0', builtAt: '2026-11-20T10:00:00.000Z' });

      expect((await bucket.objects(`${prefix}/`)).map((object) => object.key)).toEqual([
        `${prefix}/mf_cart/1.0.0/mf-manifest.json`,
        `${prefix}/mf_cart/1.0.0/ssr/mf_cart.js`,
        `${prefix}/mf_cart/1.0.0/static/js/a.1a2b.js`,
        `${prefix}/mf_cart/releases.json`,
      ]);
      expect(store.publicUrl('mf_cart', '1.0.0', 'ssr/mf_cart.js')).toBe(`${bucket.endpoint}/${bucket.bucket}/${prefix}/mf_cart/1.0.0/ssr/mf_cart.js`);
      for (const [file, type, encoding] of [
        ['static/js/a.1a2b.js', 'text/javascript; charset=utf-8', 'br'],
        ['ssr/mf_cart.js', 'text/javascript; charset=utf-8', null],
        [MANIFEST_FILE, 'application/json', null],
      ] as const) {
        const response = await fetch(store.publicUrl('mf_cart', '1.0.0', file));
        expect(response.headers.get('cache-control'), file).toBe('public, max-age=31536000, immutable');
        expect(response.headers.get('content-type'), file).toBe(type);
        expect(response.headers.get('content-encoding'), file).toBe(encoding);
      }
      const index = await fetch(store.indexUrl('mf_cart'));
      expect(index.headers.get('content-type')).toBe('application/json');
      expect(index.headers.get('cache-control')).toBe('no-cache');
      expect(await index.json()).toEqual({ releases: [{ version: '1.0.0', manifest: '1.0.0/mf-manifest.json', builtAt: '2026-11-20T10:00:00.000Z' }] });
    } finally {
      store.close();
    }
  });

  it('answers CORS to the allowed origins only', async () => {
    const store = bucket.store({ prefix: freshPrefix() });
    try {
      await store.putFile('mf_cart', '1.0.0', MANIFEST_FILE, Buffer.from('{}'), { contentType: 'application/json' });
      const url = store.publicUrl('mf_cart', '1.0.0', MANIFEST_FILE);
      expect((await fetch(url, { headers: { Origin: SHOP } })).headers.get('access-control-allow-origin')).toBe(SHOP);
      expect((await fetch(url, { headers: { Origin: 'https://evil.example' } })).headers.get('access-control-allow-origin')).toBeNull();
      const preflight = await fetch(url, { method: 'OPTIONS', headers: { Origin: SHOP, 'Access-Control-Request-Method': 'GET' } });
      expect(preflight.status).toBe(200);
      expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, HEAD');
    } finally {
      store.close();
    }
  });

  it('asks the server to write a file asked to be new only if absent (If-None-Match: *)', async () => {
    const client = bucket.client();
    const puts = recordPuts(client);
    const store = bucket.store({ prefix: freshPrefix(), client });
    try {
      await store.putFile('mf_cart', '1.0.0', 'static/js/a.js', Buffer.from('1'), { contentType: 'text/javascript' });
      await store.putFile('mf_cart', '1.0.0', MANIFEST_FILE, Buffer.from('{}'), { contentType: 'application/json', onlyIfAbsent: true });
      expect(puts.map((put) => put.IfNoneMatch)).toEqual([undefined, '*']);
    } finally {
      store.close();
    }
  });

  it('takes a 412 on a file asked to be new as the version published meanwhile', async () => {
    const client = bucket.client();
    recordPuts(client, async (input) => {
      if (input.IfNoneMatch === '*') throw preconditionFailed();
    });
    const store = bucket.store({ prefix: freshPrefix(), client });
    try {
      await expect(store.putFile('mf_cart', '1.0.0', MANIFEST_FILE, Buffer.from('{}'), { contentType: 'application/json', onlyIfAbsent: true })).rejects.toBeInstanceOf(
        ReleaseFileExistsError,
      );
    } finally {
      store.close();
    }
  });

  it('writes the index only if unchanged since read, and reads again when another publisher wrote in between', async () => {
    const prefix = freshPrefix();
    const other = bucket.store({ prefix });
    const client = bucket.client();
    let raced = false;
    const puts = recordPuts(client, async (input) => {
      // The first conditional write of the index after 1.0.0: another publisher lists 1.0.1 just before it.
      if (String(input.Key).endsWith('releases.json') && input.IfMatch && !raced) {
        raced = true;
        await other.addToIndex('mf_cart', { version: '1.0.1', builtAt: '2026-11-21T10:00:00.000Z' });
        throw preconditionFailed();
      }
    });
    const store = bucket.store({ prefix, client });
    try {
      for (const version of ['1.0.0', '1.0.1', '1.0.2']) {
        await store.putFile('mf_cart', version, MANIFEST_FILE, Buffer.from('{}'), { contentType: 'application/json' });
      }
      await store.addToIndex('mf_cart', { version: '1.0.0', builtAt: '2026-11-20T10:00:00.000Z' });
      await store.addToIndex('mf_cart', { version: '1.0.2', builtAt: '2026-11-22T10:00:00.000Z' });
      expect((await store.readIndex('mf_cart')).releases.map((release) => release.version)).toEqual(['1.0.2', '1.0.1', '1.0.0']);

      const indexPuts = puts.filter((put) => String(put.Key).endsWith('releases.json'));
      // Created only if absent; then each write conditional on the ETag read, the raced one read and written again.
      expect(indexPuts.map((put) => [put.IfNoneMatch, typeof put.IfMatch])).toEqual([
        ['*', 'undefined'],
        [undefined, 'string'],
        [undefined, 'string'],
      ]);
      expect(indexPuts[2]!.IfMatch).not.toBe(indexPuts[1]!.IfMatch);
    } finally {
      store.close();
      other.close();
    }
  });

  it('gives up on the index after a few conflicts, saying so', async () => {
    const client = bucket.client();
    let attempts = 0;
    recordPuts(client, async (input) => {
      if (String(input.Key).endsWith('releases.json')) {
        attempts++;
        throw preconditionFailed();
      }
    });
    const store = bucket.store({ prefix: freshPrefix(), client });
    try {
      await store.putFile('mf_cart', '1.0.0', MANIFEST_FILE, Buffer.from('{}'), { contentType: 'application/json' });
      await expect(store.addToIndex('mf_cart', { version: '1.0.0', builtAt: '2026-11-20T10:00:00.000Z' })).rejects.toThrow(/pre-conditions/);
      expect(attempts).toBe(5);
    } finally {
      store.close();
    }
  });

  it('refuses an index it cannot read rather than replace it', async () => {
    const prefix = freshPrefix();
    const store = bucket.store({ prefix });
    try {
      await bucket.tamper(`${prefix}/mf_cart/releases.json`, '{ not json');
      await store.putFile('mf_cart', '1.0.0', MANIFEST_FILE, Buffer.from('{}'), { contentType: 'application/json' });
      await expect(store.readIndex('mf_cart')).rejects.toThrow(/index .* est illisible : ce n’est pas du JSON/);
      await expect(store.addToIndex('mf_cart', { version: '1.0.0', builtAt: '2026-11-20T10:00:00.000Z' })).rejects.toThrow(/illisible/);
      await bucket.tamper(`${prefix}/mf_cart/releases.json`, JSON.stringify({ releases: [{ version: '1.0.0' }] }));
      await expect(store.readIndex('mf_cart')).rejects.toThrow(/chaque version doit avoir/);
    } finally {
      store.close();
    }
  });
});

describe('the test bucket', () => {
  it('tampers with an object as clients would decode it, keeping its headers', async () => {
    const prefix = freshPrefix();
    const store = bucket.store({ prefix });
    try {
      await store.putFile('mf_cart', '1.0.0', 'static/js/a.js', brotliCompressSync('console.log("panier")'), { contentType: contentTypeOf('a.js'), contentEncoding: 'br' });
      await bucket.tamper(`${prefix}/mf_cart/1.0.0/static/js/a.js`, 'alert("volé")');
      const response = await fetch(store.publicUrl('mf_cart', '1.0.0', 'static/js/a.js'));
      expect(response.headers.get('content-encoding')).toBe('br');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await response.text()).toBe('alert("volé")');
    } finally {
      store.close();
    }
  });

  it('stops serving and resumes at the same address, its objects kept', async () => {
    const prefix = freshPrefix();
    const store = bucket.store({ prefix });
    try {
      await store.putFile('mf_cart', '1.0.0', MANIFEST_FILE, Buffer.from('{"a":1}'), { contentType: 'application/json' });
      const url = store.publicUrl('mf_cart', '1.0.0', MANIFEST_FILE);
      await bucket.stopServing();
      await expect(fetch(url)).rejects.toThrow();
      expect((await bucket.objects(`${prefix}/`)).length).toBe(1);
      await bucket.resume();
      expect(await (await fetch(url)).json()).toEqual({ a: 1 });
    } finally {
      store.close();
    }
  });

  it('gives a child process the variables of the bucket', () => {
    expect(bucket.env).toEqual({
      AWS_ENDPOINT_URL_S3: bucket.endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      RELEASES_BUCKET: 'releases',
      RELEASES_PREFIX: 'boutique',
      RELEASES_PUBLIC_URL: `${bucket.endpoint}/releases/boutique`,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    });
    expect(bucket.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });
});
