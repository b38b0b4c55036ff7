import { afterEach, describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../store/cart-store';
import type { ShopStore } from '../store/open-store';
import { newDataDir } from '../test-support/databases';
import { openTestStore, startApp, type RunningApp } from '../test-support/test-app';

describe('health endpoints', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function start(wrap?: (store: ShopStore) => ShopStore): Promise<RunningApp> {
    const dir = await newDataDir();
    cleanups.push(dir.remove);
    const store = await openTestStore({ dataDir: dir.path });
    const app = await startApp({ store: wrap ? wrap(store) : store });
    cleanups.push(app.close);
    return app;
  }

  it('GET /healthz answers 200 and GET /readyz 200 when the store answers', async () => {
    const app = await start();
    const health = await fetch(`${app.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect(health.headers.get('cache-control')).toBe('no-store');
    const ready = await fetch(`${app.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', store: 'embedded' });
    expect((await fetch(`${app.url}/healthz`, { method: 'HEAD' })).status).toBe(200);
  });

  it('GET /readyz answers 503 when the store is unreachable, while /healthz stays 200 and carts answer 503', async () => {
    let down = false;
    const app = await start((store) => {
      const guard = async <T>(call: () => Promise<T>) => {
        if (down) throw new StoreUnavailableError('down');
        return call();
      };
      // Every method but close() fails while `down`, like a store whose database went away.
      return new Proxy(store, {
        get(target, key, receiver) {
          const value = Reflect.get(target, key, receiver) as unknown;
          if (typeof value !== 'function' || key === 'close') return typeof value === 'function' ? value.bind(target) : value;
          return (...args: unknown[]) => guard(() => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
        },
      });
    });
    down = true;
    const ready = await fetch(`${app.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({
      error: { code: 'unavailable', message: 'Le service est momentanément indisponible, veuillez réessayer dans un instant.' },
    });
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    // A write (a read without a session does not reach the store).
    const cart = await fetch(`${app.url}/api/cart/add`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"productId":"sv-001"}' });
    expect(cart.status).toBe(503);
    expect(cart.headers.get('retry-after')).toBe('5');
    down = false;
    expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
  });
});
