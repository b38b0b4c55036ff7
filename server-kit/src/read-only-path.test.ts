import type { Server } from 'node:http';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERIC_MESSAGES } from './api-error';
import { closeServer, listen, urlOf } from './listening-server';
import { readOnlyPath } from './read-only-path';

// A fixed path that only reads (/healthz, /remotes.json…), over real HTTP.
describe('readOnlyPath', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    const app = new Koa();
    app.use(readOnlyPath('/status', (ctx) => void (ctx.body = { ok: true })));
    app.use(
      readOnlyPath('/kept', (ctx) => {
        ctx.set('Cache-Control', 'no-cache');
        ctx.body = { kept: true };
      }),
    );
    app.use((ctx) => void (ctx.body = { next: ctx.method }));
    server = await listen(app);
    url = urlOf(server);
  });
  afterAll(() => closeServer(server));

  it('answers GET and HEAD, not stored unless the answer says otherwise', async () => {
    const get = await fetch(`${url}/status`);
    expect(get.status).toBe(200);
    expect(get.headers.get('cache-control')).toBe('no-store');
    expect(await get.json()).toEqual({ ok: true });
    const head = await fetch(`${url}/status`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await fetch(`${url}/kept`)).headers.get('cache-control')).toBe('no-cache');
  });

  it('refuses every other method with 405, Allow and the envelope', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) {
      const response = await fetch(`${url}/status`, { method });
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow'), method).toBe('GET, HEAD');
      expect(response.headers.get('cache-control'), method).toBe('no-store');
      expect(await response.json(), method).toEqual({ error: { code: 'method_not_allowed', message: GENERIC_MESSAGES.methodNotAllowed } });
    }
  });

  it('leaves any other path, a longer one included, to what comes next', async () => {
    expect(await (await fetch(`${url}/status/more`, { method: 'POST' })).json()).toEqual({ next: 'POST' });
    expect(await (await fetch(`${url}/other`, { method: 'DELETE' })).json()).toEqual({ next: 'DELETE' });
  });
});
