import type { Server } from 'node:http';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, apiErrors, GENERIC_MESSAGES } from './api-error';
import { closeServer, listen, urlOf } from './listening-server';
import { readOnlyPath } from './read-only-path';

class StoreDown extends Error {}

// Every server's refusals in one envelope: thrown ApiErrors, a library's 4xx, what a server maps, and a bug.
describe('apiErrors', () => {
  let server: Server;
  let url: string;
  const logged: Array<{ object: object; message: string }> = [];
  beforeAll(async () => {
    const app = new Koa();
    app.silent = true;
    app.use(
      apiErrors({
        log: { error: (object, message) => logged.push({ object, message }) },
        mapError: (error) => (error instanceof StoreDown ? new ApiError(503, 'unavailable', GENERIC_MESSAGES.unavailable, { headers: { 'Retry-After': '5' } }) : undefined),
      }),
    );
    app.use(readOnlyPath('/status', (ctx) => void (ctx.body = { ok: true })));
    app.use((ctx) => {
      if (ctx.path === '/refused') throw new ApiError(422, 'release_refused', 'Version refusée.', { extra: { reasons: ['sans module'] }, headers: { 'X-Why': 'checks' } });
      if (ctx.path === '/library') ctx.throw(405);
      if (ctx.path === '/store') throw new StoreDown('connection lost');
      throw new Error('a bug with a secret inside');
    });
    server = await listen(app);
    url = urlOf(server);
  });
  afterAll(() => closeServer(server));

  it('answers a thrown ApiError with its status, headers, code, French message and extra fields, not stored', async () => {
    const response = await fetch(`${url}/refused`);
    expect(response.status).toBe(422);
    expect(response.headers.get('x-why')).toBe('checks');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ error: { code: 'release_refused', message: 'Version refusée.', reasons: ['sans module'] } });
  });

  it('keeps a library’s 4xx a 4xx in the envelope, and answers what the server maps its own way', async () => {
    const library = await fetch(`${url}/library`);
    expect(library.status).toBe(405);
    expect(await library.json()).toEqual({ error: { code: 'method_not_allowed', message: GENERIC_MESSAGES.methodNotAllowed } });
    const store = await fetch(`${url}/store`);
    expect(store.status).toBe(503);
    expect(store.headers.get('retry-after')).toBe('5');
    expect(logged.at(-1)?.message).toBe('request failed');
  });

  it('answers a bug with a 500 that tells nothing of it, and logs it with the request', async () => {
    const response = await fetch(`${url}/bug`);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: { code: 'internal_error', message: GENERIC_MESSAGES.internal } });
    expect(text).not.toContain('secret');
    expect(logged.at(-1)?.object).toMatchObject({ method: 'GET', path: '/bug' });
  });

  it('a read-only path answers GET and refuses a POST with 405, Allow and the envelope', async () => {
    expect(await (await fetch(`${url}/status`)).json()).toEqual({ ok: true });
    const post = await fetch(`${url}/status`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect(await post.json()).toEqual({ error: { code: 'method_not_allowed', message: GENERIC_MESSAGES.methodNotAllowed } });
  });
});
