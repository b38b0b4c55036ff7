import { createServer, request, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeServer, startShell, type ShellFixture } from '../test-support/shell-fixture';
import { minimalShellFolder, startShellProcess } from '../test-support/shell-process';

/**
 * cart-service as the proxy sees it: any HTTP server. This one records what reaches it and can answer the way a
 * failing one does (a head and a first chunk, then nothing, or a dead connection), which a healthy cart-service
 * cannot be made to do on cue.
 */
interface Upstream {
  url: string;
  connections: number;
  lastHeaders: IncomingHttpHeaders;
  /** The responses held after their first chunk (`/api/orders/held`), in arrival order. */
  held: ServerResponse[];
  server: Server;
}

/** A large order answer's opening: what a client has when the rest never comes. */
const FIRST_CHUNK = `{"order":{"number":"AB12-CDEF","lines":[${Array.from({ length: 40 }, (_, i) => `{"productId":"sv-${i}","quantity":1}`).join(',')}`;

async function startUpstream(): Promise<Upstream> {
  const upstream: Upstream = { url: '', connections: 0, lastHeaders: {}, held: [], server: createServer() };
  upstream.server.on('connection', () => (upstream.connections += 1));
  upstream.server.on('request', (req, res) => {
    upstream.lastHeaders = req.headers;
    req.resume();
    req.on('end', () => {
      if (req.url === '/api/headers') {
        // What an old server may send: its connection's own headers, one named by Connection.
        res.writeHead(200, { 'Content-Type': 'application/json', Connection: 'close, X-Hop', 'X-Hop': 'secret', 'Proxy-Authenticate': 'Basic', 'X-End-To-End': 'kept' });
        res.end('{}');
      } else if (req.url === '/api/orders/dies') {
        res.writeHead(201, { 'Content-Type': 'application/json' });
        res.write(FIRST_CHUNK);
        setTimeout(() => res.socket?.destroy(), 50);
      } else if (req.url === '/api/orders/dies-with-length') {
        res.writeHead(201, { 'Content-Type': 'application/json', 'Content-Length': String(FIRST_CHUNK.length + 100) });
        res.write(FIRST_CHUNK);
        setTimeout(() => res.socket?.destroy(), 50);
      } else if (req.url === '/api/orders/held') {
        res.writeHead(201, { 'Content-Type': 'application/json' });
        res.write(FIRST_CHUNK);
        upstream.held.push(res);
      } else {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('{"products":[]}');
      }
    });
  });
  await new Promise<void>((resolve) => upstream.server.listen(0, '127.0.0.1', resolve));
  upstream.url = `http://127.0.0.1:${(upstream.server.address() as AddressInfo).port}`;
  return upstream;
}

/** A raw request, so the test can send headers `fetch` would not let it (Connection, TE…). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Reads a response to its end: rejects when the message was cut, resolves with the text when it was complete. */
const readAll = async (url: string) => (await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).text();

let upstream: Upstream;
let shell: ShellFixture;
beforeAll(async () => {
  upstream = await startUpstream();
  shell = await startShell({ cartServiceUrl: upstream.url });
});
afterAll(async () => {
  await shell?.close();
  for (const res of upstream?.held ?? []) res.socket?.destroy();
  if (upstream) await closeServer(upstream.server);
});
beforeEach(() => {
  upstream.connections = 0;
});

describe('the proxy to cart-service', () => {
  it('passes no hop-by-hop header either way (RFC 9110 §7.6.1), and end-to-end ones as they are', async () => {
    const answer = await rawGet(`${shell.url}/api/headers`, {
      Connection: 'keep-alive, X-Client-Hop',
      'X-Client-Hop': 'secret',
      'Keep-Alive': 'timeout=99',
      TE: 'trailers',
      'Proxy-Authorization': 'Basic c2VjcmV0',
      'X-Request-Id': 'abc',
    });
    expect(answer.status).toBe(200);
    const sent = upstream.lastHeaders;
    for (const name of ['x-client-hop', 'te', 'proxy-authorization']) expect(sent[name], name).toBeUndefined();
    expect(sent.connection).not.toMatch(/x-client-hop|close/i);
    expect(sent['keep-alive']).not.toBe('timeout=99');
    expect(sent['x-request-id']).toBe('abc');
    expect(sent['x-forwarded-for']).toBe('127.0.0.1');
    // cart-service's `Connection: close` belongs to its connection with the shell, not to the client's.
    expect(answer.headers.connection).toBe('keep-alive');
    for (const name of ['x-hop', 'proxy-authenticate']) expect(answer.headers[name], name).toBeUndefined();
    expect(answer.headers['x-end-to-end']).toBe('kept');
  });

  it('keeps its connections to cart-service alive: 50 requests in a row take one', async () => {
    for (let i = 0; i < 50; i++) expect((await fetch(`${shell.url}/api/products`)).status).toBe(200);
    expect(upstream.connections).toBe(1);
  });

  it('cuts the client’s answer when cart-service dies in the middle of its body, chunked or with a length', async () => {
    await expect(readAll(`${shell.url}/api/orders/dies`)).rejects.toThrow();
    await expect(readAll(`${shell.url}/api/orders/dies-with-length`)).rejects.toThrow();
    // The shop still answers afterwards.
    expect((await fetch(`${shell.url}/api/products`)).status).toBe(200);
  });

  it('answers 502 when cart-service cannot be reached, with the French message', async () => {
    const down = await startShell({ cartServiceUrl: 'http://127.0.0.1:9' });
    try {
      const answer = await fetch(`${down.url}/api/cart`);
      expect(answer.status).toBe(502);
      expect(await answer.json()).toEqual({ error: { code: 'unavailable', message: 'La boutique est momentanément indisponible. Réessayez dans un instant.' } });
    } finally {
      await down.close();
    }
  });
});

describe('the shell killed while an order’s answer is on its way', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await minimalShellFolder('shell-cut-');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('leaves the client with a cut answer, never a complete one (kill -9 after the head and the first chunk)', async () => {
    const { child, output } = startShellProcess({ SERVER_RENDERING: 'off', SHELL_DIST: join(dir, 'dist'), REMOTES_CONFIG: join(dir, 'remotes.json'), CART_SERVICE_URL: upstream.url });
    try {
      await expect.poll(() => /"url":"(http:\/\/localhost:\d+)"/.exec(output())?.[1], { timeout: 20_000 }).toBeTruthy();
      const url = /"url":"(http:\/\/localhost:\d+)"/.exec(output())![1]!;
      const answer = await fetch(`${url}/api/orders/held`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
      expect(answer.status).toBe(201);
      const reader = answer.body!.getReader();
      const first = await reader.read();
      expect(new TextDecoder().decode(first.value)).toContain('"number":"AB12-CDEF"');
      child.kill('SIGKILL');
      // What Node's fetch made of it before: `{done: true}`, a 201 whose body ended there, as if complete.
      await expect(
        (async () => {
          for (;;) if ((await reader.read()).done) return 'complete';
        })(),
      ).rejects.toThrow();
    } finally {
      child.kill('SIGKILL');
    }
  }, 30_000);
});
