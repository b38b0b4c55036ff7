import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARM_COOKIE, ARM_VALUE } from '@shop/contracts/edge-cache';
import { armOf, BUCKET_COOKIE } from '@shop/contracts/progressive-delivery';
import type { RemotesConfig } from '@shop/contracts/remotes';
import { servedConfig } from './bucket-cookie';

const entry = (name: string, version: string) => `http://127.0.0.1:1/${name}/${version}/mf-manifest.json`;
const live: RemotesConfig = { remotes: [{ name: 'mf_frame', entry: entry('mf-frame', '1.0.0') }, { name: 'mf_cart', entry: entry('mf-cart', '1.0.0') }] };
const canary: RemotesConfig = { ...live, canary: { name: 'mf_cart', entry: entry('mf-cart', '1.0.1'), share: 50, startedAt: '2026-12-05T10:00:00.000Z' } };

describe('servedConfig: the bucket and the canary arm the edge keys pages on', () => {
  let current = live;
  let url = '';
  let server: ReturnType<Koa['listen']>;
  beforeAll(async () => {
    const app = new Koa();
    app.use((ctx) => {
      const served = servedConfig(ctx, current);
      ctx.body = { cart: served.config.remotes.find((r) => r.name === 'mf_cart')!.entry, setsCookie: served.setsCookie, cacheControl: ctx.response.get('Cache-Control') || '' };
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const visit = async (cookie = '') => {
    const response = await fetch(url, { headers: cookie ? { Cookie: cookie } : {} });
    const set = response.headers.getSetCookie().map((line) => line.split(';')[0]!);
    return { ...((await response.json()) as { cart: string; setsCookie: boolean; cacheControl: string }), set };
  };

  it('writes nothing without a canary, and clears an arm left from an earlier one (that answer is private)', async () => {
    current = live;
    expect(await visit()).toEqual({ cart: entry('mf-cart', '1.0.0'), setsCookie: false, cacheControl: '', set: [] });
    expect(await visit(`${BUCKET_COOKIE}=${'a'.repeat(32)}`)).toMatchObject({ setsCookie: false, set: [] });
    const cleared = await visit(`${BUCKET_COOKIE}=${'a'.repeat(32)}; ${ARM_COOKIE}=0123abcd-c`);
    expect(cleared).toMatchObject({ setsCookie: true, cacheControl: 'private, no-cache', set: [`${ARM_COOKIE}=`] });
  });

  it('while a canary runs, gives a new browser a bucket and its arm, and a browser holding the right arm nothing: a shareable answer', async () => {
    current = canary;
    const first = await visit();
    expect(first.setsCookie).toBe(true);
    const bucket = first.set.find((c) => c.startsWith(`${BUCKET_COOKIE}=`))!;
    const arm = first.set.find((c) => c.startsWith(`${ARM_COOKIE}=`))!.split('=')[1]!;
    expect(arm).toMatch(ARM_VALUE);
    expect(arm).toBe(armOf(canary, bucket.split('=')[1]!));
    expect(first.cart).toBe(entry('mf-cart', arm.endsWith('-c') ? '1.0.1' : '1.0.0'));
    const again = await visit(`${bucket}; ${ARM_COOKIE}=${arm}`);
    expect(again).toEqual({ cart: first.cart, setsCookie: false, cacheControl: '', set: [] });
    // A browser whose arm is another canary's, or forged, is told its own (and that answer is not shared).
    const other = await visit(`${bucket}; ${ARM_COOKIE}=ffffffff-${arm.endsWith('-c') ? 'l' : 'c'}`);
    expect(other).toMatchObject({ cart: first.cart, setsCookie: true, set: [`${ARM_COOKIE}=${arm}`] });
  });

  it('keeps the canary’s share: about half of 200 new browsers get the candidate, each told the arm it was served', async () => {
    current = canary;
    const visits = await Promise.all(Array.from({ length: 200 }, () => visit()));
    const candidates = visits.filter((v) => v.cart === entry('mf-cart', '1.0.1'));
    for (const v of visits) expect(v.set.find((c) => c.startsWith(`${ARM_COOKIE}=`))!.endsWith(v.cart.includes('1.0.1') ? '-c' : '-l')).toBe(true);
    expect(candidates.length).toBeGreaterThan(60);
    expect(candidates.length).toBeLessThan(140);
  });
});
