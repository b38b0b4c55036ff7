import { describe, expect, it } from 'vitest';
import { CookieClient } from '../test-support/cookie-client';
import { embeddedAppPerSuite } from '../test-support/test-app';

const { app } = embeddedAppPerSuite();

const visitor = () => new CookieClient(app.url);

describe('request bodies', () => {
  const post = (body: string | Uint8Array, headers: Record<string, string>) =>
    visitor().request('/api/cart/add', { method: 'POST', body, headers });

  it.each([
    ['text/plain', 'text/plain'],
    ['a form', 'application/x-www-form-urlencoded'],
    ['multipart', 'multipart/form-data; boundary=x'],
    ['a JSON variant', 'application/merge-patch+json'],
    ['another charset', 'application/json; charset=iso-8859-1'],
  ])('answers 415 for %s', async (_label, type) => {
    const res = await post('{"productId":"sv-001"}', { 'Content-Type': type });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      error: { code: 'unsupported_media_type', message: 'Le corps de la requête doit être du JSON (Content-Type: application/json).' },
    });
  });

  it('answers 415 without a Content-Type and for a compressed body', async () => {
    expect((await post('{"productId":"sv-001"}', {})).status).toBe(415);
    const gz = await post('{"productId":"sv-001"}', { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
    expect(gz.status).toBe(415);
    expect(gz.body.error.code).toBe('unsupported_media_type');
  });

  it('accepts application/json with a utf-8 charset', async () => {
    const res = await post('{"productId":"sv-001"}', { 'Content-Type': 'application/json; charset=UTF-8' });
    expect(res.status).toBe(200);
  });

  it.each([
    ['truncated', '{"productId":"sv-001"'],
    ['single quotes', "{'productId':'sv-001'}"],
    ['a trailing comma', '{"productId":"sv-001",}'],
    ['empty', ''],
    ['blank', '   '],
    ['NaN', '{"productId":"sv-001","quantity":NaN}'],
  ])('answers 400 invalid_json for a body that is %s', async (_label, body) => {
    const res = await post(body, { 'Content-Type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'invalid_json', message: "Le corps de la requête n'est pas du JSON valide." } });
  });

  it('answers 400 invalid_json for bytes that are not UTF-8', async () => {
    const res = await post(new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), { 'Content-Type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_json');
  });

  it('answers 413 for a body over the limit, announced or streamed', async () => {
    const big = JSON.stringify({ productId: 'sv-001', padding: 'x'.repeat(5000) });
    const announced = await post(big, { 'Content-Type': 'application/json' });
    expect(announced.status).toBe(413);
    expect(announced.body).toEqual({
      error: { code: 'payload_too_large', message: 'Le corps de la requête est trop volumineux (2048 octets au maximum).' },
    });
    const huge = await post('x'.repeat(2_000_000), { 'Content-Type': 'application/json' });
    expect(huge.status).toBe(413);

    const chunks = [new TextEncoder().encode('{"productId":"'), new TextEncoder().encode('y'.repeat(4000)), new TextEncoder().encode('"}')];
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    const streamed = await fetch(`${app.url}/api/cart/add`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(((await streamed.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
    // The server is still fine afterwards.
    expect((await visitor().get('/api/cart')).status).toBe(200);
  });
});
