import { describe, expect, it } from 'vitest';
import { CookieClient } from '../test-support/cookie-client';
import { seededRandom, type SeededRandom } from '../test-support/seeded-random';
import { capturingLogger, embeddedAppPerSuite } from '../test-support/test-app';

interface Probe {
  kind: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** Only for valid requests: the change they make, applied to the model when the answer is 200. */
  valid?: { op: 'add' | 'update' | 'remove'; productId: string; quantity?: number };
}

const SEED = 0xc0ffee;
const PRODUCTS = ['sv-001', 'sc-003', 'sh-006', 'pk-002', 'sv-009'];
const CART_PATHS = ['/api/cart/add', '/api/cart/update', '/api/cart/remove'];
const JSON_TYPE = { 'Content-Type': 'application/json' };

const badQuantities: readonly string[] = [
  '0', '-1', '-99', '100', '1000000', '1e21', '1e400', '-1e400', '12345678901234567890123', '1.5', '0.0001', '98.999999',
  '"1"', '"un"', '""', '"💥"', 'null', 'true', 'false', '[]', '[1]', '{}', '{"$gt":0}', '{"valueOf":1}', '-0', '99.5',
];
const badProductIds: readonly string[] = [
  '1', '0', '-1', '1.5', 'null', 'true', '[]', '["sv-001"]', '{}', '{"id":"sv-001"}', '""', `"${'x'.repeat(65)}"`,
  `"${'a'.repeat(500)}"`, '"__proto__"', '"constructor"', '"toString"', '"hasOwnProperty"', '"SV-001"', '"sv-001 "',
  '"sv-0001"', '"../sv-001"', '"sv-001\\u0000"', '"ß-001"', '"💄"', '"sv-001; DROP TABLE carts"',
];
const dangerousKeys: readonly string[] = ['__proto__', 'constructor', 'prototype', 'price', 'name', 'oldPrice', 'images', 'cartId', 'x'];
const contentTypes: readonly string[] = [
  'text/plain', 'text/json', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=zz', 'application/xml',
  'application/merge-patch+json', 'application/json-patch+json', 'application/json; charset=latin1', 'application/jsonp',
  'json', '*/*', 'application/octet-stream', 'text/html; charset=utf-8', 'application/vnd.api+json',
];

function validBodyText(rand: SeededRandom, path: string): string {
  const productId = rand.pick(PRODUCTS);
  return path.endsWith('remove') ? `{"productId":"${productId}"}` : `{"productId":"${productId}","quantity":${rand.int(1, 5)}}`;
}

function invalidProbe(rand: SeededRandom, cookie: string): Probe {
  const path = rand.pick(CART_PATHS);
  const base = { method: 'POST', path, headers: { ...JSON_TYPE, Origin: 'http://localhost:3000', Cookie: cookie } };
  switch (rand.int(0, 12)) {
    case 0:
      return { ...base, kind: 'bad quantity', path: rand.pick(['/api/cart/add', '/api/cart/update']), body: `{"productId":"${rand.pick(PRODUCTS)}","quantity":${rand.pick(badQuantities)}}` };
    case 1:
      return { ...base, kind: 'bad productId', body: `{"productId":${rand.pick(badProductIds)},"quantity":1}`.replace(',"quantity":1', path.endsWith('remove') ? '' : ',"quantity":1') };
    case 2: {
      const key = rand.pick(dangerousKeys);
      const value = rand.pick(['1', '{"polluted":true}', '{"prototype":{"polluted":true}}', '"x"', 'null']);
      const body = validBodyText(rand, path);
      return { ...base, kind: `extra key ${key}`, body: rand.chance(0.5) ? body.replace('{', `{"${key}":${value},`) : body.replace(/}$/, `,"${key}":${value}}`) };
    }
    case 3: {
      const depth = rand.int(2, 600);
      const nested = rand.chance(0.5) ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(Math.min(depth, 300))}1${'}'.repeat(Math.min(depth, 300))}`;
      const body = rand.pick([nested, '"sv-001"', '42', 'null', 'true', '[{"productId":"sv-001"}]', `{"productId":{"productId":"sv-001"}}`, '{"productId":["sv-001"],"quantity":[1]}']);
      return { ...base, kind: 'not an object', body };
    }
    case 4: {
      const text = validBodyText(rand, path);
      const cut = rand.int(0, text.length - 1);
      const broken = rand.pick([
        text.slice(0, cut),
        text.slice(0, cut) + rand.pick(['\'', '\\', ',', '}', 'NaN', 'undefined', '\u0000', '//', '/*']) + text.slice(cut + 1),
        text.replace(/"/g, "'"),
        `${text},`,
        `${text}${text}`,
        '',
      ]);
      return { ...base, kind: 'malformed JSON', body: broken === text ? '{' : broken };
    }
    case 5: {
      const bytes = new Uint8Array(rand.int(1, 64));
      for (let i = 0; i < bytes.length; i += 1) bytes[i] = rand.int(0, 255);
      bytes[0] = 0xff; // never valid UTF-8, never valid JSON
      return { ...base, kind: 'random bytes', body: bytes };
    }
    case 6:
      return { ...base, kind: 'wrong content type', headers: { ...base.headers, 'Content-Type': rand.pick(contentTypes) }, body: validBodyText(rand, path) };
    case 7: {
      const headers: Record<string, string> = { Origin: 'http://localhost:3000', Cookie: cookie };
      if (rand.chance(0.5)) headers['Content-Encoding'] = rand.pick(['gzip', 'br', 'deflate']);
      else return { ...base, kind: 'no content type', headers, body: new TextEncoder().encode(validBodyText(rand, path)) };
      return { ...base, kind: 'compressed', headers: { ...headers, ...JSON_TYPE }, body: validBodyText(rand, path) };
    }
    case 8: {
      const size = rand.pick([2049, 3000, 10_000, 100_000, 1_000_000]);
      return { ...base, kind: 'oversize', body: `{"productId":"sv-001","quantity":1,"pad":"${'p'.repeat(size)}"}` };
    }
    case 9: {
      // (no literal '..': fetch would resolve it to a real path before sending)
      const segment = () => rand.pick(['carts', 'add2', 'x', '%2e%2e', '..%2f', '%ff', '%00', 'admin', '.env', 'products', 'sv-001', '💥', 'a'.repeat(rand.int(1, 300))]);
      const prefix = rand.pick(['/api/', '/api/cart/', '/', '/images/', '/images/products/', '/api/products/sv-001/']);
      return { kind: 'unknown path', method: rand.pick(['GET', 'POST', 'HEAD', 'PUT']), path: `${prefix}${segment()}/${segment()}`, headers: { Cookie: cookie, ...JSON_TYPE }, body: '{"productId":"sv-001"}' };
    }
    case 10: {
      const method = rand.pick(['GET', 'PUT', 'DELETE', 'PATCH']);
      const target = method === 'GET'
        ? rand.pick([...CART_PATHS, '/api/newsletter'])
        : rand.pick([...CART_PATHS, '/api/cart', '/api/newsletter', '/api/products', '/api/products/sv-001', '/healthz', '/readyz']);
      return { kind: 'wrong method', method, path: target, headers: { ...base.headers }, body: validBodyText(rand, path) };
    }
    case 11:
      return { ...base, kind: 'foreign origin', headers: { ...base.headers, Origin: rand.pick(['https://evil.example', 'null', 'http://localhost:3000.evil.example', 'http://localhost:30000', 'HTTP://LOCALHOST:3000']) }, body: validBodyText(rand, path) };
    default:
      return {
        kind: 'bad query',
        method: 'GET',
        path: `/api/products?category=${encodeURIComponent(rand.pick(['makeup', 'Face', '', 'face&category=body', '[]', '%', 'pack ', '__proto__']))}`,
        headers: { Cookie: cookie },
      };
  }
}

function validProbe(rand: SeededRandom, cookie: string): Probe {
  const op = rand.pick(['add', 'add', 'update', 'remove'] as const);
  const productId = rand.pick(PRODUCTS);
  const quantity = op === 'add' ? (rand.chance(0.3) ? undefined : rand.int(1, 3)) : op === 'update' ? rand.int(1, 10) : undefined;
  const body = JSON.stringify(quantity === undefined ? { productId } : { productId, quantity });
  return {
    kind: `valid ${op}`,
    method: 'POST',
    path: `/api/cart/${op}`,
    headers: { ...JSON_TYPE, Origin: 'http://localhost:3000', Cookie: cookie },
    body,
    valid: { op, productId, ...(quantity !== undefined ? { quantity } : {}) },
  };
}

/** What the model expects from a valid request, and the model after it. */
function apply(model: Map<string, number>, valid: NonNullable<Probe['valid']>): number {
  const current = model.get(valid.productId);
  if (valid.op === 'add') {
    const next = (current ?? 0) + (valid.quantity ?? 1);
    if (next > 99) return 400;
    model.set(valid.productId, next);
    return 200;
  }
  if (valid.op === 'update') {
    if (current === undefined) return 404;
    model.set(valid.productId, valid.quantity ?? 1);
    return 200;
  }
  model.delete(valid.productId);
  return 200;
}

const log = capturingLogger();
const { app } = embeddedAppPerSuite({ logger: log.logger });

describe('fuzz: generated malformed requests', () => {
  it('answers 1,000+ malformed requests with 4xx only, stays up, and only the valid requests change the cart', async () => {
    const rand = seededRandom(SEED);
    const shopper = new CookieClient(app.url);
    const bystander = new CookieClient(app.url);
    // A session of its own before the probes (only a write opens one), its cart empty again.
    await shopper.post('/api/cart/add', { productId: 'sh-003' });
    await shopper.post('/api/cart/remove', { productId: 'sh-003' });
    await bystander.post('/api/cart/add', { productId: 'sh-002', quantity: 7 });
    const cookie = shopper.cookieHeader();

    const model = new Map<string, number>();
    const probes: Probe[] = [];
    let invalidCount = 0;
    while (invalidCount < 1200) {
      if (rand.chance(0.12)) probes.push(validProbe(rand, cookie));
      else {
        probes.push(invalidProbe(rand, rand.chance(0.9) ? cookie : ''));
        invalidCount += 1;
      }
    }

    const failures: string[] = [];
    const kinds = new Map<string, number>();
    for (const probe of probes) {
      const headers = Object.fromEntries(Object.entries(probe.headers).filter(([, v]) => v !== ''));
      const body = probe.method === 'GET' || probe.method === 'HEAD' ? undefined : probe.body; // fetch cannot send one
      const response = await fetch(app.url + probe.path, { method: probe.method, headers, body });
      await response.arrayBuffer();
      const kind = probe.kind.replace(/ .*$/, '') === 'extra' ? 'extra key' : probe.kind;
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      if (probe.valid) {
        const expected = apply(model, probe.valid);
        if (response.status !== expected) failures.push(`${probe.kind} ${probe.body}: ${response.status}, expected ${expected}`);
      } else if (response.status < 400 || response.status >= 500) {
        const shown = typeof probe.body === 'string' ? probe.body.slice(0, 120) : '(bytes)';
        failures.push(`${probe.kind} ${probe.method} ${probe.path.slice(0, 80)} ${shown}: ${response.status}`);
      }
    }

    expect(failures).toEqual([]);
    expect(invalidCount).toBeGreaterThanOrEqual(1000);
    expect(kinds.size).toBeGreaterThanOrEqual(14);
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);

    const cart = (await shopper.get('/api/cart')).body.cart as Array<{ productId: string; quantity: number }>;
    const actual = Object.fromEntries(cart.map((line) => [line.productId, line.quantity]));
    expect(model.size).toBeGreaterThan(0);
    expect(actual).toEqual(Object.fromEntries(model));
    expect((await bystander.get('/api/cart')).body.cart).toMatchObject([{ productId: 'sh-002', quantity: 7 }]);
    expect(log.lines.filter((line) => Number(line.level) >= 50)).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
