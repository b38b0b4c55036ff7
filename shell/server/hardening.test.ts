import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '@shop/server-kit/trusted-proxy';
import { MAX_API_BODY_BYTES } from '@shop/contracts/limits';
import { createShellServer } from './app';
import { closeServer, goodRemotes, listen, startShell, urlOf, type ShellFixture } from './test-support/shell-fixture';

/** The outside probe's findings against the shell's server, each as it was reported. */

interface Seen {
  url: string;
  headers: IncomingMessage['headers'];
  bodyBytes: number;
}

/** A stand-in for cart-service that records what reaches it; /api/lost reads the body, then drops the connection. */
async function upstream(): Promise<{ server: Server; seen: Seen[]; manifestRequests: () => number }> {
  const seen: Seen[] = [];
  let manifests = 0;
  const server = createServer((req, res) => {
    let bodyBytes = 0;
    req.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers, bodyBytes });
      if (req.url?.endsWith('mf-manifest.json')) manifests += 1;
      if (req.url === '/api/lost') return req.socket.destroy();
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ metaData: { buildInfo: { buildVersion: '1.0.0' } } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, seen, manifestRequests: () => manifests };
}

describe('shell server hardening', () => {
  let api: Awaited<ReturnType<typeof upstream>>;
  let shell: ShellFixture;
  let behindProxy: ShellFixture;

  beforeAll(async () => {
    api = await upstream();
    shell = await startShell({ cartServiceUrl: urlOf(api.server) });
    behindProxy = await startShell({ cartServiceUrl: urlOf(api.server), trustProxy: parseTrustProxy('1', 'none') });
  });
  afterAll(async () => {
    await shell?.close();
    await behindProxy?.close();
    await closeServer(api.server);
  });

  it.each([
    ['a `;` in the host', 'http://cdn.example.com;/mf-manifest.json'],
    ['a CSP keyword smuggled in the host', "http://a,'unsafe-inline'/mf-manifest.json"],
    ['credentials', 'http://user:pw@localhost:3002/1.0.0/mf-manifest.json'],
  ])('refuses an entry with %s and keeps serving with the last good configuration', async (_name, entry) => {
    const hostile = { remotes: goodRemotes().remotes.map((r) => (r.name === 'mf_cart' ? { ...r, entry } : r)) };
    expect(shell.remotes.accept(JSON.stringify(hostile))).toBe(false);
    for (const path of ['/healthz', '/', '/shop/face', '/remotes.json', '/static/js/index.abc123.js', '/api/cart']) {
      const response = await fetch(`${shell.url}${path}`);
      await response.arrayBuffer();
      expect(response.status, path).toBe(200);
    }
    expect(await (await fetch(`${shell.url}/remotes.json`)).json()).toEqual(goodRemotes());
    expect(shell.errors.at(-1)).toMatch(/refused, keeping the last good configuration/);
  });

  it('refuses wildcards in the override allowlist', () => {
    expect(shell.remotes.accept(JSON.stringify({ ...goodRemotes(), overrideOrigins: ['http://*'] }))).toBe(false);
    expect(shell.remotes.accept(JSON.stringify({ ...goodRemotes(), overrideOrigins: ['https://*.example.com'] }))).toBe(false);
    expect(shell.remotes.current).toEqual(goodRemotes());
  });

  it('builds the Content-Security-Policy from the configured origins only', async () => {
    const policy = (await fetch(`${shell.url}/`)).headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self' http://localhost:3001 http://localhost:3002 http://localhost:3003;");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it('keeps the last good policy when a configuration cannot make one (and says so), never answering 500', async () => {
    // Past validation by construction: the policy writer is the last line of defence.
    let current = goodRemotes();
    const errors: string[] = [];
    const server = await listen(
      await createShellServer({
        distDir: `${shell.dir}/dist`,
        cartServiceUrl: urlOf(api.server),
        publicUrl: 'http://localhost:3000',
        remotes: { get current() { return current; } },
        log: { error: (m) => void errors.push(m) },
      }),
    );
    try {
      const before = (await fetch(`${urlOf(server)}/`)).headers.get('content-security-policy');
      current = { remotes: goodRemotes().remotes.map((r) => ({ ...r, entry: "http://a,'unsafe-inline'/mf-manifest.json" })) };
      for (const path of ['/healthz', '/', '/static/js/index.abc123.js']) {
        const response = await fetch(`${urlOf(server)}${path}`);
        await response.arrayBuffer();
        expect(response.status, path).toBe(200);
        if (path !== '/healthz') expect(response.headers.get('content-security-policy')).toBe(before);
      }
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(/keeping the last good Content-Security-Policy/);
    } finally {
      await closeServer(server);
    }
  });

  it('answers POST /remotes.json and /remotes/status with 405, not 200', async () => {
    for (const path of ['/remotes.json', '/remotes/status', '/healthz']) {
      const response = await fetch(`${shell.url}${path}`, { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } });
      expect(response.status, path).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD');
    }
  });

  it('checks the remotes once for a burst of /remotes/status calls', async () => {
    const entry = (port: string) => `${urlOf(api.server).replace('127.0.0.1', 'localhost').replace(/:\d+$/, `:${port}`)}/1.0.0/mf-manifest.json`;
    const port = urlOf(api.server).split(':').at(-1)!;
    expect(shell.remotes.accept(JSON.stringify({ remotes: goodRemotes().remotes.map((r) => ({ ...r, entry: entry(port) })) }))).toBe(true);
    const before = api.manifestRequests();
    const answers = await Promise.all(Array.from({ length: 50 }, () => fetch(`${shell.url}/remotes/status`).then((r) => r.json())));
    expect(answers.every((a) => a.remotes.length === 3 && a.remotes.every((r: { up: boolean }) => r.up))).toBe(true);
    expect(api.manifestRequests() - before).toBe(3);
    shell.remotes.accept(JSON.stringify(goodRemotes()));
  });

  it('answers 413 itself for a 10 MB body, sending nothing to cart-service', async () => {
    const before = api.seen.length;
    const response = await fetch(`${shell.url}/api/cart/add`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: Buffer.alloc(10 * 1024 * 1024, 0x20),
    });
    expect(response.status).toBe(413);
    expect((await response.json()).error).toMatchObject({ code: 'payload_too_large', message: expect.stringMatching(/trop volumineux/) });
    expect(api.seen.length).toBe(before);
  });

  it('answers 413 for a chunked body over the limit, and forwards a chunked body under it whole, with its length', async () => {
    const chunked = (size: number) =>
      fetch(`${shell.url}/api/cart/add`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: new ReadableStream({
          start(controller) {
            controller.enqueue(new Uint8Array(size).fill(0x20));
            controller.close();
          },
        }),
        duplex: 'half',
      } as RequestInit);
    expect((await chunked(MAX_API_BODY_BYTES + 1)).status).toBe(413);
    const ok = await chunked(100);
    expect(ok.status).toBe(200);
    expect(api.seen.at(-1)).toMatchObject({ url: '/api/cart/add', bodyBytes: 100 });
    expect(api.seen.at(-1)?.headers['content-length']).toBe('100');
  });

  it('answers 504 with a French message the cart can act on when cart-service’s answer is lost', async () => {
    const response = await fetch(`${shell.url}/api/lost`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(504);
    const body = await response.json();
    expect(body.error.code).toBe('upstream_timeout');
    expect(body.error.message).toMatch(/a peut-être été enregistrée/);
  });

  it('forwards the address and protocol it saw, never the ones a client wrote', async () => {
    await fetch(`${shell.url}/api/cart`, { headers: { 'X-Forwarded-For': '198.51.100.1', 'X-Forwarded-Proto': 'https', Forwarded: 'for=1.2.3.4' } });
    expect(api.seen.at(-1)?.headers).toMatchObject({ 'x-forwarded-for': '127.0.0.1', 'x-forwarded-proto': 'http' });
    expect(api.seen.at(-1)?.headers['forwarded']).toBeUndefined();

    // Behind one trusted TLS terminator (TRUST_PROXY=1): the address and protocol it appended.
    await fetch(`${behindProxy.url}/api/cart`, { headers: { 'X-Forwarded-For': '198.51.100.1, 203.0.113.9', 'X-Forwarded-Proto': 'https' } });
    expect(api.seen.at(-1)?.headers).toMatchObject({ 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' });
  });
});
