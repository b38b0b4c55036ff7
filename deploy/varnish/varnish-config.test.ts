import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { freePorts } from '../test-support/free-ports';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ARM_COOKIE,
  ARM_VALUE,
  EDGE_PURGE_METHOD,
  EDGE_PURGE_TAGS_HEADER,
  EDGE_TAGS_HEADER,
  SHARED_PAGE_CACHE_CONTROL,
  SHARED_PAGE_SECONDS,
} from '@shop/contracts/edge-cache';
import { SHOP_UNAVAILABLE_MESSAGE } from '@shop/contracts/errors';
import { NOTICE_COOKIE } from '@shop/contracts/forms';
import { loopbackSiteVcl, ONE_MACHINE_SITE_VCL, vclFolder } from './vcl-folder';
import { PREVIEW_COOKIE } from '@shop/contracts/previews';

const run = promisify(execFile);
const vcl = join(import.meta.dirname, 'shop.vcl');
const varnishd = process.env.VARNISHD ?? 'varnishd';

describe('deploy/varnish/shop.vcl', () => {
  it('compiles (varnishd -C) with the one-machine site.vcl and with the fleet’s', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'varnish-compile-'));
    try {
      for (const site of [readFileSync(ONE_MACHINE_SITE_VCL, 'utf8'), loopbackSiteVcl(28082)]) {
        const compiled = await run(varnishd, ['-C', ...vclFolder(folder, site)], { maxBuffer: 64 * 1024 * 1024 });
        expect(compiled.stdout + compiled.stderr).toContain('VRT_');
      }
      // A site.vcl that does not compile is refused, so the check above can fail.
      await expect(run(varnishd, ['-C', ...vclFolder(folder, 'backend shells { .host = ; }')], { maxBuffer: 64 * 1024 * 1024 })).rejects.toThrow();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('names the cookies, headers and windows contracts’ edge-cache and forms define, so neither side drifts', () => {
    const text = readFileSync(vcl, 'utf8');
    for (const cookie of [PREVIEW_COOKIE, NOTICE_COOKIE, ARM_COOKIE]) expect(text).toContain(`"${cookie}"`);
    expect(text).toContain(`!~ "${ARM_VALUE.source}"`);
    expect(text).toContain(`req.method == "${EDGE_PURGE_METHOD}"`);
    expect(text).toContain(`req.http.${EDGE_PURGE_TAGS_HEADER}`);
    expect(text).toContain(`unset resp.http.${EDGE_TAGS_HEADER};`);
    expect(text).toContain(`set req.grace = ${SHARED_PAGE_SECONDS.staleWhileRevalidate}s;`);
    expect(text).toContain(`"message":"${SHOP_UNAVAILABLE_MESSAGE}"`);
  });
});

describe('deploy/varnish/shop.vcl run by varnishd with no shell reachable at all', () => {
  it('answers the API’s French envelope to the API and a French page to a page', { timeout: 30_000 }, async () => {
    const folder = mkdtempSync(join(tmpdir(), 'varnish-nobody-'));
    chmodSync(folder, 0o755);
    const [port, nobody] = (await freePorts(2)) as [number, number];
    const varnish = spawn(varnishd, ['-F', '-n', join(folder, 'n'), '-a', `127.0.0.1:${port}`, ...vclFolder(join(folder, 'vcl'), loopbackSiteVcl(nobody)), '-s', 'malloc,16m'], { stdio: 'ignore' });
    try {
      await waitForVarnish(`http://127.0.0.1:${port}`);
      const api = await fetch(`http://127.0.0.1:${port}/api/cart`);
      expect(api.status).toBe(503);
      expect(await api.json()).toEqual({ error: { code: 'unavailable', message: SHOP_UNAVAILABLE_MESSAGE } });
      const page = await fetch(`http://127.0.0.1:${port}/shop/face`);
      expect(page.status).toBe(503);
      expect(await page.text()).toContain('La boutique est momentanément indisponible');
    } finally {
      const exited = new Promise((resolve) => varnish.once('exit', resolve));
      varnish.kill('SIGTERM');
      await exited;
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

async function waitForVarnish(edge: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    if (await fetch(`${edge}/edge/varnish-up`).then((r) => r.ok, () => false)) return;
    if (attempt > 200) throw new Error('varnishd never answered');
    await sleep(50);
  }
}

describe('deploy/varnish/shop.vcl run by varnishd in front of a stand-in shell', () => {
  let shell: Server;
  let varnish: ChildProcess;
  let folder: string;
  let edge = '';
  let shellsUp = true;
  /** Every request the stand-in shell got, by path: what reached the shells rather than the cache. */
  let seen: IncomingMessage[] = [];
  let renders = 0;

  /** The stand-in shell: `/shared/…` pages are shareable and tagged, `/private/…` is one shopper's, `/cookie/…` sets one. */
  function answer(request: IncomingMessage, response: ServerResponse) {
    seen.push(request);
    if (!shellsUp) {
      // HAProxy's own answers when no shell is ready.
      response.statusCode = 503;
      response.setHeader('Cache-Control', 'no-store');
      return response.end(request.url?.startsWith('/api/') ? '{"error":{"code":"unavailable"}}' : 'page 503 en français');
    }
    renders += 1;
    const path = new URL(request.url ?? '/', 'http://shop').pathname;
    if (path.startsWith('/shared/') || path.startsWith('/api/')) {
      const seconds = path.startsWith('/shared/short') ? 1 : SHARED_PAGE_SECONDS.sMaxAge;
      response.setHeader('Cache-Control', SHARED_PAGE_CACHE_CONTROL.replace(/s-maxage=\d+/, `s-maxage=${seconds}`));
      response.setHeader(EDGE_TAGS_HEADER, `page:${path} product:sv-001 lang:fr`);
    } else if (path.startsWith('/cookie/')) {
      response.setHeader('Cache-Control', SHARED_PAGE_CACHE_CONTROL);
      response.setHeader('Set-Cookie', 'shop_bucket=0123; Path=/; HttpOnly');
    } else {
      response.setHeader('Cache-Control', 'private, no-store');
    }
    response.setHeader('Content-Type', 'text/html; charset=utf-8');
    response.end(`render ${renders} of ${request.url} for host ${request.headers.host} arm ${request.headers.cookie ?? ''}`);
  }

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${edge}${path}`, { headers });
  const body = async (path: string, headers: Record<string, string> = {}) => (await get(path, headers)).text();

  beforeAll(async () => {
    shell = createServer(answer);
    await new Promise<void>((resolve) => shell.listen(0, '127.0.0.1', resolve));
    const [port] = (await freePorts(1)) as [number];
    folder = mkdtempSync(join(tmpdir(), 'varnish-vcl-'));
    // varnishd's own user works in its -n folder.
    chmodSync(folder, 0o755);
    const site = loopbackSiteVcl((shell.address() as AddressInfo).port);
    edge = `http://127.0.0.1:${port}`;
    varnish = spawn(varnishd, ['-F', '-n', join(folder, 'n'), '-a', `127.0.0.1:${port}`, ...vclFolder(join(folder, 'vcl'), site), '-s', 'malloc,32m'], { stdio: 'ignore' });
    await waitForVarnish(edge);
  }, 30_000);

  afterAll(async () => {
    if (varnish?.exitCode === null) {
      const exited = new Promise((resolve) => varnish.once('exit', resolve));
      await sleep(Number(process.env.KEEP_MS ?? 0));
      varnish.kill('SIGTERM');
      await exited;
    }
    await new Promise((resolve) => shell?.close(resolve));
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  beforeEach(() => {
    seen = [];
    shellsUp = true;
  });

  it('serves a shareable page from the cache, without its tags, and renders it again once a purge names one of them', async () => {
    const first = await get('/shared/face');
    expect(first.headers.get('x-cache')).toBe('MISS');
    expect(first.headers.get(EDGE_TAGS_HEADER)).toBeNull();
    const text = await first.text();
    const second = await get('/shared/face');
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(await second.text()).toBe(text);
    expect(seen).toHaveLength(1);

    const purge = await fetch(`${edge}/`, { method: EDGE_PURGE_METHOD, headers: { [EDGE_PURGE_TAGS_HEADER]: 'product:sv-002 product:sv-001' } });
    expect(purge.status).toBe(200);
    expect(await body('/shared/face')).not.toBe(text);
    expect(seen).toHaveLength(2);
    // A purge of another tag leaves it.
    await fetch(`${edge}/`, { method: EDGE_PURGE_METHOD, headers: { [EDGE_PURGE_TAGS_HEADER]: 'product:sv-999' } });
    expect((await get('/shared/face')).headers.get('x-cache')).toBe('HIT');
  });

  it('keys a page on its URL and canary arm only: a client’s Host, X-Forwarded-Host, Accept-Language or tracking parameters neither split nor poison it', async () => {
    const clean = await body('/shared/poison?page=2');
    for (const headers of [{ host: 'evil.example' }, { 'x-forwarded-host': 'evil.example' }, { 'accept-language': 'ar-MA' }] as Record<string, string>[]) {
      expect(await body('/shared/poison?page=2', headers)).toBe(clean);
    }
    expect(await body('/shared/poison?utm_source=whatsapp&page=2&fbclid=abc')).toBe(clean);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers['x-forwarded-host']).toBeUndefined();
    // Another query is another page.
    expect(await body('/shared/poison?page=3')).not.toBe(clean);
  });

  it('keeps one copy per canary arm, and treats a malformed arm as no arm', async () => {
    const none = await body('/shared/arm');
    const candidate = await body('/shared/arm', { cookie: `${ARM_COOKIE}=0123abcd-c; shop.sid=x` });
    expect(candidate).not.toBe(none);
    expect(await body('/shared/arm', { cookie: `${ARM_COOKIE}=0123abcd-c; shop.sid=y` })).toBe(candidate);
    expect(await body('/shared/arm', { cookie: `${ARM_COOKIE}=<script>` })).toBe(none);
    expect(seen).toHaveLength(2);
  });

  it('never stores one shopper’s page, an answer that sets a cookie, the API, or a request with credentials or a notice', async () => {
    for (const [path, headers] of [
      ['/private/cart', { cookie: 'shop.sid=a' }],
      ['/cookie/page', {}],
      ['/api/cart', {}],
      ['/shared/creds', { authorization: 'Bearer x' }],
      ['/shared/notice', { cookie: `${NOTICE_COOKIE}=abc` }],
      ['/shared/preview', { cookie: `${PREVIEW_COOKIE}=abc` }],
    ] as const) {
      const first = await get(path, headers);
      await first.text();
      const second = await get(path, headers);
      expect(second.headers.get('x-cache'), path).not.toBe('HIT');
      expect(second.headers.get('set-cookie'), path).toBe(path === '/cookie/page' ? 'shop_bucket=0123; Path=/; HttpOnly' : null);
    }
    expect(seen).toHaveLength(12);
  });

  it('refuses a purge without tags', async () => {
    expect((await fetch(`${edge}/`, { method: EDGE_PURGE_METHOD })).status).toBe(400);
  });

  it('keeps answering a cached page while no shell can (stale-if-error), past its freshness', async () => {
    const cached = await body('/shared/short-lived');
    shellsUp = false;
    // Asked until the page served is past its s-maxage of 1 s (its Age says so), the shells failing each refresh:
    // every answer meanwhile is the cached page.
    for (let asked = 0, age = 0; age < 2 || asked < 5; asked++) {
      const response = await get('/shared/short-lived');
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(cached);
      age = Number(response.headers.get('age'));
      if (asked > 600) throw new Error('the page never aged past its freshness');
      await sleep(25);
    }
    // What was never cached, and the API, get the shells' own 503 (HAProxy's French answers), never the cache's.
    const api = await get('/api/cart');
    expect([api.status, await api.text()]).toEqual([503, '{"error":{"code":"unavailable"}}']);
    const page = await get('/shared/never-cached');
    expect([page.status, await page.text()]).toEqual([503, 'page 503 en français']);
  }, 30_000);
});
