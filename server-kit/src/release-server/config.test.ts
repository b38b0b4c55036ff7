import { describe, expect, it } from 'vitest';
import { loadReleaseServerConfig } from './config';

describe('loadReleaseServerConfig', () => {
  it('serves dist/ on the remote’s default port, for the shop on localhost:3000', () => {
    expect(loadReleaseServerConfig(['--remote', 'mf_cart'], {}, '/srv/mf-cart')).toEqual({
      remote: 'mf_cart',
      root: '/srv/mf-cart/dist',
      port: 3002,
      host: '127.0.0.1',
      allowedOrigins: ['http://localhost:3000'],
      logLevel: 'info',
    });
    expect(loadReleaseServerConfig(['--remote', 'mf_frame'], {}, '/srv').port).toBe(3001);
    expect(loadReleaseServerConfig(['--remote', 'mf_catalog_pages'], {}, '/srv').port).toBe(3003);
  });

  it('reads the remote’s own port variable and the shared ones; the last --dir wins', () => {
    const env = { MF_CART_PORT: '5002', MF_FRAME_PORT: '5001', REMOTE_HOST: '0.0.0.0', SHOP_ORIGIN: 'https://boutique.example.ma', LOG_LEVEL: 'warn' };
    expect(loadReleaseServerConfig(['--remote', 'mf_cart', '--dir', 'dist', '--dir', '/tmp/build/mf-cart'], env, '/srv')).toEqual({
      remote: 'mf_cart',
      root: '/tmp/build/mf-cart',
      port: 5002,
      host: '0.0.0.0',
      allowedOrigins: ['https://boutique.example.ma'],
      logLevel: 'warn',
    });
  });

  it('refuses to start with one error listing every problem', () => {
    expect(() => loadReleaseServerConfig(['--remote', 'mf_cart'], { MF_CART_PORT: 'abc', SHOP_ORIGIN: 'localhost:3000', LOG_LEVEL: 'loud' })).toThrow(
      /^Invalid release server configuration:\n {2}- SHOP_ORIGIN\.0: each origin must be .*\n {2}- LOG_LEVEL: .*\n {2}- MF_CART_PORT: /,
    );
    expect(() => loadReleaseServerConfig(['--remote', 'mf_evil'], {})).toThrow(/- --remote: must be one of mf_frame, mf_cart, mf_catalog_pages/);
    expect(() => loadReleaseServerConfig([], {})).toThrow(/- --remote: must be one of/);
    expect(() => loadReleaseServerConfig(['--remote', 'mf_cart', '--port', '1'], {})).toThrow(/\(command line\): Unknown option '--port'/);
  });
});
