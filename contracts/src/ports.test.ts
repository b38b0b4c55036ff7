import { describe, expect, it } from 'vitest';
import { DEFAULT_CART_SERVICE_URL, DEFAULT_PORTS, DEFAULT_SHOP_ORIGIN, environmentFor, PORT_VARIABLES, portFromEnv, REMOTE_PACKAGES, SHOP_PROCESSES } from './ports';

describe('default ports', () => {
  it('gives each process its own port, in the design’s order', () => {
    expect(SHOP_PROCESSES.map((name) => DEFAULT_PORTS[name])).toEqual([3000, 3001, 3002, 3003, 4000]);
    expect(new Set(Object.values(DEFAULT_PORTS)).size).toBe(SHOP_PROCESSES.length);
  });

  it('names each port variable after its package', () => {
    for (const name of SHOP_PROCESSES) expect(PORT_VARIABLES[name]).toBe(`${name.toUpperCase().replace(/-/g, '_')}_PORT`);
  });

  it('serves each remote from the package of the same name', () => {
    for (const [remote, name] of Object.entries(REMOTE_PACKAGES)) expect(remote).toBe(name.replace(/-/g, '_'));
  });

  it('derives the shop origin and the cart-service URL from the ports', () => {
    expect(DEFAULT_SHOP_ORIGIN).toBe('http://localhost:3000');
    expect(DEFAULT_CART_SERVICE_URL).toBe('http://127.0.0.1:4000');
  });

  it('lets the environment override a port', () => {
    expect(portFromEnv('mf-cart', {})).toBe('3002');
    expect(portFromEnv('mf-cart', { MF_CART_PORT: '5002' })).toBe('5002');
  });

  it('gives each process its own secrets and none of the others’', () => {
    const env = { PATH: '/usr/bin', ADMIN_TOKEN: 'a', SESSION_KEYS: 's', METRICS_TOKEN: 'm', REDIS_URL: 'redis://x', DATABASE_URL: 'postgres://x' };
    expect(environmentFor('mf-cart', env)).toEqual({ PATH: '/usr/bin' });
    expect(environmentFor('cart-service', env)).toEqual({ PATH: '/usr/bin', ADMIN_TOKEN: 'a', SESSION_KEYS: 's', DATABASE_URL: 'postgres://x' });
    expect(environmentFor('shell', env)).toEqual({ PATH: '/usr/bin', ADMIN_TOKEN: 'a', METRICS_TOKEN: 'm', REDIS_URL: 'redis://x' });
    expect(env.SESSION_KEYS).toBe('s');
  });
});
