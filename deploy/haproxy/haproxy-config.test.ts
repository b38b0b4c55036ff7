import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { freePorts } from '../test-support/free-ports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_UNAVAILABLE_MESSAGE } from '@shop/contracts/errors';

const run = promisify(execFile);
const here = import.meta.dirname;
const config = join(here, 'haproxy.cfg');
const haproxy = process.env.HAPROXY ?? 'haproxy';

describe('deploy/haproxy/haproxy.cfg', () => {
  it('is valid for HAProxy itself (haproxy -c), with the production defaults and with the fleet’s addresses', async () => {
    const env = { PATH: process.env.PATH, HAPROXY_ERRORS_DIR: join(here, 'errors') };
    const checked = await run(haproxy, ['-c', '-f', config], { env });
    expect(checked.stdout).toContain('Configuration file is valid');
    const fleet = await run(haproxy, ['-c', '-f', config], { env: { ...env, HAPROXY_PUBLIC_BIND: '127.0.0.1:28080', SHELL_1_ADDR: '127.0.0.1:23010' } });
    expect(fleet.stdout).toContain('Configuration file is valid');
  });

  it('is refused by haproxy -c when a server address is wrong, so the check above can fail', async () => {
    const env = { PATH: process.env.PATH, HAPROXY_ERRORS_DIR: join(here, 'errors'), SHELL_1_ADDR: 'not an address' };
    await expect(run(haproxy, ['-c', '-f', config], { env })).rejects.toMatchObject({ stderr: expect.stringContaining('shell-1') });
  });

  it('replays only GET and HEAD after an answer failed, and never a POST that may have reached a server', () => {
    const text = readFileSync(config, 'utf8');
    const frontends = text.split(/^frontend /m).slice(1);
    for (const frontend of frontends.filter((f) => !f.startsWith('metrics'))) {
      expect(frontend).toMatch(/^\s+http-request disable-l7-retry unless METH_GET$/m);
    }
    expect(text).toMatch(/^\s+retry-on all-retryable-errors$/m);
    expect(text).toMatch(/^\s+option redispatch/m);
  });

  it('takes each shell and cart-service out when its readiness fails, and serves its own Prometheus metrics', () => {
    const text = readFileSync(config, 'utf8');
    for (const backend of ['shells', 'cart_services']) {
      const section = text.split(`\nbackend ${backend}\n`)[1]!.split(/^(?:backend|frontend) /m)[0]!;
      expect(section).toContain('http-check send meth GET uri /readyz');
      expect(section.match(/^\s+server \S+ .* check$/gm)).toHaveLength(2);
    }
    expect(text).toContain('http-request use-service prometheus-exporter if { path /metrics }');
  });

  it('limits operators’ login posts per source address, and answers a French page when it refuses', () => {
    const text = readFileSync(config, 'utf8');
    expect(text).toMatch(/http-request track-sc0 src if login_post login_post_path/);
    expect(text).toMatch(/http-request deny deny_status 429 .* if login_post login_post_path \{ sc_http_req_rate\(0\) gt \d+ \}/);
    const page = readFileSync(join(here, 'errors/429-login.http'), 'utf8');
    expect(page).toMatch(/^HTTP\/1\.1 429 /);
    expect(page).toContain('Trop de tentatives de connexion');
  });
});

describe('deploy/haproxy/haproxy.cfg run by haproxy, every server a loopback backend that echoes the headers it got', () => {
  const TRACE_CONTEXT = {
    traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
    tracestate: 'congo=t61rcWkgMzE',
    baggage: 'userId=alice',
  };
  let echo: Server;
  let haproxyProcess: ChildProcess;
  let folder: string;
  const ports = { public: 0, cartService: 0, metrics: 0, fromEdge: 0 };

  /** The headers the backend received for a GET through one of HAProxy's frontends, once HAProxy sends there. */
  async function headersThrough(port: number, headers: Record<string, string>): Promise<IncomingHttpHeaders> {
    let last: unknown;
    for (let attempt = 0; attempt < 100; attempt++) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/shop/face`, { headers });
        if (response.status === 200) return (await response.json()) as IncomingHttpHeaders;
        last = `answered ${response.status}`;
      } catch (error) {
        last = error;
      }
      await sleep(100);
    }
    throw new Error(`HAProxy on port ${port} never sent to the backend: ${String(last)}`);
  }

  beforeAll(async () => {
    echo = createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(request.headers));
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    const backend = `127.0.0.1:${(echo.address() as AddressInfo).port}`;
    [ports.public, ports.cartService, ports.metrics, ports.fromEdge] = (await freePorts(4)) as [number, number, number, number];
    folder = mkdtempSync(join(tmpdir(), 'haproxy-trace-headers-'));
    const env = {
      PATH: process.env.PATH,
      HAPROXY_LOG_LEVEL: 'err',
      HAPROXY_ERRORS_DIR: join(here, 'errors'),
      HAPROXY_STATS_SOCKET: join(folder, 'haproxy.sock'),
      HAPROXY_PUBLIC_BIND: `127.0.0.1:${ports.public}`,
      HAPROXY_CART_SERVICE_BIND: `127.0.0.1:${ports.cartService}`,
      HAPROXY_METRICS_BIND: `127.0.0.1:${ports.metrics}`,
      HAPROXY_EDGE_BACKEND_BIND: `127.0.0.1:${ports.fromEdge}`,
      HAPROXY_EDGE_BACKEND_ADDR: `127.0.0.1:${ports.fromEdge}`,
      ...Object.fromEntries(
        ['VARNISH_ADDR', 'SHELL_1_ADDR', 'SHELL_2_ADDR', 'CART_SERVICE_1_ADDR', 'CART_SERVICE_2_ADDR', 'MF_FRAME_ADDR', 'MF_CART_ADDR', 'MF_CATALOG_PAGES_ADDR'].map((name) => [name, backend]),
      ),
    };
    haproxyProcess = spawn(haproxy, ['-db', '-f', config], { env, stdio: 'ignore' });
  });

  afterAll(async () => {
    if (haproxyProcess?.exitCode === null) {
      const exited = new Promise((resolve) => haproxyProcess.once('exit', resolve));
      haproxyProcess.kill('SIGTERM');
      await exited;
    }
    await new Promise((resolve) => echo?.close(resolve));
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('drops a client’s traceparent, tracestate and baggage at the public edge, as it drops its X-Forwarded-For', { timeout: 20_000 }, async () => {
    const received = await headersThrough(ports.public, { ...TRACE_CONTEXT, 'x-forwarded-for': '203.0.113.7' });
    for (const header of Object.keys(TRACE_CONTEXT)) expect(received[header], header).toBeUndefined();
    // HAProxy's own word on the client's address, not the client's.
    expect(received['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('keeps what the edge cache forwards to the shells (its X-Forwarded-For)', { timeout: 20_000 }, async () => {
    const received = await headersThrough(ports.fromEdge, { 'x-forwarded-for': '203.0.113.7, 127.0.0.1' });
    expect(received['x-forwarded-for']).toBe('203.0.113.7, 127.0.0.1, 127.0.0.1');
  });

  it('refuses a purge of the edge cache from outside (Varnish would see HAProxy’s loopback address, which it trusts)', { timeout: 20_000 }, async () => {
    await headersThrough(ports.public, {});
    const purge = await fetch(`http://127.0.0.1:${ports.public}/`, { method: 'PURGE', headers: { 'xkey-purge': 'shop' } });
    expect(purge.status).toBe(405);
  });

  it('passes the shells’ trace context to the cart-services untouched, with their X-Forwarded-For', { timeout: 20_000 }, async () => {
    const received = await headersThrough(ports.cartService, { ...TRACE_CONTEXT, 'x-forwarded-for': '203.0.113.7' });
    for (const [header, value] of Object.entries(TRACE_CONTEXT)) expect(received[header], header).toBe(value);
    expect(received['x-forwarded-for']).toBe('203.0.113.7, 127.0.0.1');
  });
});

describe('deploy/haproxy/errors: what the edge answers when no shell can', () => {
  it('answers the API’s envelope with contracts’ French message, and a French page for a page', () => {
    const api = readFileSync(join(here, 'errors/503-api.http'), 'utf8');
    const [head, body] = api.split('\n\n', 2) as [string, string];
    expect(head).toMatch(/^HTTP\/1\.1 503 /);
    expect(head).toContain('Content-Type: application/json; charset=utf-8');
    expect(JSON.parse(body)).toEqual({ error: { code: 'unavailable', message: SHOP_UNAVAILABLE_MESSAGE } });
    const page = readFileSync(join(here, 'errors/503-page.http'), 'utf8');
    expect(page).toMatch(/^HTTP\/1\.1 503 /);
    expect(page).toContain('<html lang="fr-MA">');
    expect(page).toContain('La boutique est momentanément indisponible');
  });
});
