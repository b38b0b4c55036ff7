import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy, plainAddress, trustedForwarding, type TrustProxy } from './trusted-proxy';

/** A real Koa server behind `trust`, answering what it believes about the client. */
async function serverTrusting(trust: TrustProxy): Promise<{ url: string; close: () => Promise<void> }> {
  const app = new Koa({ proxy: true });
  app.use(trustedForwarding(trust));
  app.use((ctx) => {
    ctx.body = { ip: ctx.ip, protocol: ctx.protocol, secure: ctx.secure, xff: ctx.get('X-Forwarded-For') };
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('parseTrustProxy', () => {
  it('reads none, hop counts and address lists', () => {
    expect(parseTrustProxy(undefined, 'none').trusts('127.0.0.1', 0)).toBe(false);
    expect(parseTrustProxy('false', 'loopback').trusts('127.0.0.1', 0)).toBe(false);
    const oneHop = parseTrustProxy('1', 'none');
    expect(oneHop.trusts('198.51.100.9', 0)).toBe(true);
    expect(oneHop.trusts('198.51.100.9', 1)).toBe(false);
    const list = parseTrustProxy('10.0.0.0/8, loopback', 'none');
    expect(list.trusts('10.1.2.3', 0)).toBe(true);
    expect(list.trusts('127.0.0.1', 3)).toBe(true);
    expect(list.trusts('203.0.113.7', 0)).toBe(false);
    expect(parseTrustProxy('', 'loopback').trusts('::1', 0)).toBe(true);
  });

  it.each(['true', 'not-an-address', '10.0.0.0/99', '11'])('refuses %s with a message', (value) => {
    expect(() => parseTrustProxy(value, 'none')).toThrow(/TRUST_PROXY/);
  });

  it('treats an IPv4-mapped IPv6 address as the IPv4 address', () => {
    expect(plainAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(plainAddress('2001:db8::1')).toBe('2001:db8::1');
  });
});

describe('trustedForwarding over HTTP', () => {
  let direct: Awaited<ReturnType<typeof serverTrusting>>;
  let behindLoopback: Awaited<ReturnType<typeof serverTrusting>>;
  beforeAll(async () => {
    direct = await serverTrusting(parseTrustProxy('none', 'none'));
    behindLoopback = await serverTrusting(parseTrustProxy('loopback', 'none'));
  });
  afterAll(async () => {
    await direct.close();
    await behindLoopback.close();
  });

  it('ignores X-Forwarded-For and X-Forwarded-Proto from a client it does not trust', async () => {
    const answer = await (
      await fetch(direct.url, { headers: { 'X-Forwarded-For': '203.0.113.7', 'X-Forwarded-Proto': 'https' } })
    ).json();
    expect(answer).toEqual({ ip: '127.0.0.1', protocol: 'http', secure: false, xff: '127.0.0.1' });
  });

  it('behind a trusted proxy, takes the address that proxy saw and the protocol it wrote last', async () => {
    // A client claimed 198.51.100.1 and https; the trusted proxy appended the real peer and its own protocol.
    const answer = await (
      await fetch(behindLoopback.url, {
        headers: { 'X-Forwarded-For': '198.51.100.1, 203.0.113.7', 'X-Forwarded-Proto': 'https, http' },
      })
    ).json();
    expect(answer).toEqual({ ip: '203.0.113.7', protocol: 'http', secure: false, xff: '203.0.113.7' });

    const tls = await (await fetch(behindLoopback.url, { headers: { 'X-Forwarded-For': '203.0.113.7', 'X-Forwarded-Proto': 'https' } })).json();
    expect(tls).toMatchObject({ ip: '203.0.113.7', protocol: 'https', secure: true });
  });
});
