import type { Server } from 'node:http';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, apiErrors, errorBody, GENERIC_MESSAGES, methodNotAllowed } from './api-error';
import { closeServer, listen, urlOf } from './listening-server';

class StoreDown extends Error {}

describe('errorBody and the French sentences', () => {
  it('writes the envelope with the extra fields beside code and message', () => {
    expect(errorBody('validation_failed', 'Requête invalide.', { fields: { email: 'Adresse invalide.' } })).toEqual({
      error: { code: 'validation_failed', message: 'Requête invalide.', fields: { email: 'Adresse invalide.' } },
    });
    expect(new ApiError(404, 'not_found', GENERIC_MESSAGES.notFound).toBody()).toEqual({ error: { code: 'not_found', message: 'Ressource introuvable.' } });
  });

  it('keeps the sentences clients and tests read', () => {
    expect(GENERIC_MESSAGES.internal).toBe('Une erreur interne est survenue, veuillez réessayer.');
    expect(GENERIC_MESSAGES.methodNotAllowed).toBe('Méthode non autorisée pour cette adresse.');
    expect(GENERIC_MESSAGES.tooManyRequests(30)).toBe('Trop de requêtes depuis cette adresse. Réessayez dans 30 s.');
    expect(GENERIC_MESSAGES.payloadTooLarge(2048)).toBe('Le corps de la requête est trop volumineux (2048 octets au maximum).');
  });
});

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
        logMessage: 'example request failed',
        mapError: (error) => (error instanceof StoreDown ? new ApiError(503, 'unavailable', GENERIC_MESSAGES.unavailable, { headers: { 'Retry-After': '5' } }) : undefined),
        unmatched: true,
      }),
    );
    app.use(async (ctx, next) => {
      if (ctx.path === '/refused') throw new ApiError(422, 'release_refused', 'Version refusée.', { extra: { reasons: ['sans module'] }, headers: { 'X-Why': 'checks' } });
      if (ctx.path === '/library/400') ctx.throw(400, 'a library detail');
      if (ctx.path === '/library/403') ctx.throw(403);
      if (ctx.path === '/library/405') ctx.throw(405);
      if (ctx.path === '/library/413') ctx.throw(413);
      if (ctx.path === '/store') throw new StoreDown('connection lost');
      if (ctx.path === '/helper') return methodNotAllowed(ctx, 'GET, POST');
      if (ctx.path === '/late') {
        ctx.status = 200;
        ctx.res.write('partial');
        throw new Error('failed after the answer began');
      }
      if (ctx.path === '/bug') throw new Error('a bug with a secret inside');
      return next();
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

  it('keeps a library’s 4xx a 4xx with the shop’s code and French sentence, never the library’s text', async () => {
    const expected: Record<string, [number, string, string]> = {
      '/library/400': [400, 'validation_failed', GENERIC_MESSAGES.badRequest],
      '/library/405': [405, 'method_not_allowed', GENERIC_MESSAGES.methodNotAllowed],
      '/library/413': [413, 'payload_too_large', GENERIC_MESSAGES.payloadTooLargeGeneric],
      // Any other 4xx (a path escaping a folder…) tells nothing more than a 404.
      '/library/403': [404, 'not_found', GENERIC_MESSAGES.notFound],
    };
    for (const [path, [status, code, message]] of Object.entries(expected)) {
      const response = await fetch(`${url}${path}`);
      expect(response.status, path).toBe(status);
      expect(await response.json(), path).toEqual({ error: { code, message } });
    }
  });

  it('answers what the server maps its own way, and logs a 5xx', async () => {
    const store = await fetch(`${url}/store`);
    expect(store.status).toBe(503);
    expect(store.headers.get('retry-after')).toBe('5');
    expect(await store.json()).toEqual({ error: { code: 'unavailable', message: GENERIC_MESSAGES.unavailable } });
    expect(logged.at(-1)?.message).toBe('example request failed');
  });

  it('answers a bug with a 500 that tells nothing of it, and logs it with the request', async () => {
    const response = await fetch(`${url}/bug`);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: { code: 'internal_error', message: GENERIC_MESSAGES.internal } });
    expect(text).not.toContain('secret');
    expect(logged.at(-1)?.object).toMatchObject({ method: 'GET', path: '/bug' });
    expect((logged.at(-1)?.object as { err: Error }).err.message).toBe('a bug with a secret inside');
  });

  it('answers a path nothing answered with a 404 in the envelope (unmatched)', async () => {
    const response = await fetch(`${url}/nothing/here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'not_found', message: GENERIC_MESSAGES.notFound } });
  });

  it('sends nothing more once the answer has begun, and still logs the failure', async () => {
    const before = logged.length;
    const response = await fetch(`${url}/late`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text.startsWith('partial')).toBe(true);
    expect(text).not.toContain('internal_error');
    expect(logged.length).toBe(before + 1);
  });

  it('methodNotAllowed answers 405 with Allow and the envelope', async () => {
    const response = await fetch(`${url}/helper`, { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, POST');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ error: { code: 'method_not_allowed', message: GENERIC_MESSAGES.methodNotAllowed } });
  });
});

describe('apiErrors without unmatched', () => {
  it('leaves a request nothing answered to Koa (a server whose 404 is a page)', async () => {
    const app = new Koa();
    app.use(apiErrors({ log: { error: () => undefined } }));
    const server = await listen(app);
    try {
      const response = await fetch(`${urlOf(server)}/nothing`);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe('Not Found');
    } finally {
      await closeServer(server);
    }
  });
});
