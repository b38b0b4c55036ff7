import type { Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors, GENERIC_MESSAGES } from './api-error';
import { readJsonBody, readJsonObject } from './json-body';
import { closeServer, listen, urlOf } from './listening-server';

// The one JSON body reader of every server, over real HTTP: what it refuses and how it says so.
describe('readJsonObject', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    const app = new Koa();
    app.use(apiErrors({ log: { error: () => undefined } }));
    app.use(async (ctx) => {
      ctx.body = { read: ctx.path === '/any' ? await readJsonBody(ctx, 64) : await readJsonObject(ctx, 64) };
    });
    server = await listen(app);
    url = urlOf(server);
  });
  afterAll(() => closeServer(server));

  const post = (body: string | Uint8Array, headers: Record<string, string> = { 'Content-Type': 'application/json' }) =>
    fetch(url, { method: 'POST', body, headers });
  const refusal = async (response: Response) => ({ status: response.status, body: (await response.json()) as unknown });

  it('reads a JSON object, in UTF-8 said or not, uncompressed said or not', async () => {
    const response = await post('{"remote":"mf_cart"}');
    expect(await refusal(response)).toEqual({ status: 200, body: { read: { remote: 'mf_cart' } } });
    const utf8 = await post('{"nom":"Crème à l’argan"}', { 'Content-Type': 'application/json; charset=UTF-8', 'Content-Encoding': 'identity' });
    expect(await refusal(utf8)).toEqual({ status: 200, body: { read: { nom: 'Crème à l’argan' } } });
  });

  it('readJsonBody reads any JSON value: the caller’s schema decides', async () => {
    const response = await fetch(`${url}/any`, { method: 'POST', body: '[1,2]', headers: { 'Content-Type': 'application/json' } });
    expect(await refusal(response)).toEqual({ status: 200, body: { read: [1, 2] } });
  });

  it('refuses another type, another charset and a compressed body with 415', async () => {
    const type = { status: 415, body: { error: { code: 'unsupported_media_type', message: GENERIC_MESSAGES.unsupportedMediaType } } };
    expect(await refusal(await post('{}', { 'Content-Type': 'text/plain' }))).toEqual(type);
    expect(await refusal(await post('{}', { 'Content-Type': 'application/json; charset=latin1' }))).toEqual(type);
    expect(await refusal(await post(gzipSync('{}'), { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }))).toEqual({
      status: 415,
      body: { error: { code: 'unsupported_media_type', message: GENERIC_MESSAGES.unsupportedEncoding } },
    });
  });

  it('refuses a body over the limit with 413, declared or not', async () => {
    const tooLarge = { status: 413, body: { error: { code: 'payload_too_large', message: GENERIC_MESSAGES.payloadTooLarge(64) } } };
    expect(await refusal(await post(JSON.stringify({ text: 'x'.repeat(100) })))).toEqual(tooLarge);
    const streamed = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(JSON.stringify({ text: 'x'.repeat(100) })));
        controller.close();
      },
    });
    const response = await fetch(url, { method: 'POST', body: streamed, headers: { 'Content-Type': 'application/json' }, duplex: 'half' } as RequestInit);
    expect(await refusal(response)).toEqual(tooLarge);
  });

  it('refuses an empty body, malformed JSON, bytes that are not UTF-8 and a value that is not an object with 400', async () => {
    const invalid = { status: 400, body: { error: { code: 'invalid_json', message: GENERIC_MESSAGES.invalidJson } } };
    expect(await refusal(await post(''))).toEqual(invalid);
    expect(await refusal(await post('{"remote":'))).toEqual(invalid);
    expect(await refusal(await post(new Uint8Array([0x7b, 0xff, 0x7d])))).toEqual(invalid);
    expect(await refusal(await post('[1,2]'))).toEqual({ status: 400, body: { error: { code: 'invalid_json', message: GENERIC_MESSAGES.expectedObject } } });
  });
});
