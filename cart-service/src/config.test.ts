import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has defaults for everything', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 4000,
      host: '127.0.0.1',
      allowedOrigins: ['http://localhost:3000'],
      sessionKeys: undefined,
      databaseUrl: undefined,
      cataloguePath: undefined,
      logLevel: 'info',
      production: false,
      drainMs: 0,
      edgePurgeUrls: [],
    });
    expect(config.dataDir).toMatch(/cart-service[/\\]\.data$/);
  });

  it('reads every variable', () => {
    const key = 'k'.repeat(32);
    const config = loadConfig({
      CART_SERVICE_PORT: '4100',
      CART_SERVICE_HOST: '0.0.0.0',
      SHOP_ORIGIN: 'https://boutique.example.ma, http://localhost:3000',
      SESSION_KEYS: `${key},${'o'.repeat(40)}`,
      CART_DATA_DIR: '/tmp/carts',
      DATABASE_URL: 'postgres://shop@127.0.0.1:5433/boutique',
      CATALOGUE_PATH: '/etc/shop/catalogue.json',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      TRUST_PROXY: '10.0.0.0/8',
      SHUTDOWN_DRAIN_MS: '1500',
      PHOTOS_BUCKET: 'maison-argane-photos',
      PHOTOS_PREFIX: '/boutique/photos/',
      AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:9000',
      AWS_REGION: 'eu-west-3',
      EDGE_PURGE_URLS: 'http://10.0.0.5:8081/,http://10.0.0.6:8081/',
    });
    expect(config.trustProxy.description).toBe('10.0.0.0/8');
    expect(config.trustProxy.trusts('10.1.2.3', 0)).toBe(true);
    expect(config.trustProxy.trusts('127.0.0.1', 0)).toBe(false);
    expect(config).toEqual({
      port: 4100,
      host: '0.0.0.0',
      allowedOrigins: ['https://boutique.example.ma', 'http://localhost:3000'],
      sessionKeys: [key, 'o'.repeat(40)],
      dataDir: '/tmp/carts',
      databaseUrl: 'postgres://shop@127.0.0.1:5433/boutique',
      cataloguePath: '/etc/shop/catalogue.json',
      trustProxy: config.trustProxy,
      logLevel: 'warn',
      production: true,
      drainMs: 1500,
      photos: { kind: 'bucket', bucket: 'maison-argane-photos', prefix: 'boutique/photos', endpoint: 'http://127.0.0.1:9000', region: 'eu-west-3' },
      edgePurgeUrls: ['http://10.0.0.5:8081/', 'http://10.0.0.6:8081/'],
    });
  });

  it('keeps photos in the data folder unless a bucket is named, and refuses a bucket S3 would not take', () => {
    expect(loadConfig({ CART_DATA_DIR: '/tmp/carts', PHOTOS_BUCKET: '' }).photos).toEqual({ kind: 'folder', dir: '/tmp/carts/photos' });
    expect(() => loadConfig({ PHOTOS_BUCKET: 'Photos_Boutique' })).toThrow(/PHOTOS_BUCKET: must be an S3 bucket name/);
  });

  it('refuses a drain that is negative or longer than a minute, naming the variable', () => {
    for (const value of ['-1', '60001', 'soon']) {
      expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: value }), value).toThrow(/Invalid cart-service configuration:\n {2}- SHUTDOWN_DRAIN_MS: /);
    }
  });

  it('trusts the shell on loopback by default, and refuses a TRUST_PROXY that would trust anybody', () => {
    const config = loadConfig({});
    expect(config.trustProxy.description).toBe('loopback');
    expect(config.trustProxy.trusts('127.0.0.1', 0)).toBe(true);
    expect(config.trustProxy.trusts('203.0.113.7', 0)).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/Invalid cart-service configuration:\n {2}- TRUST_PROXY: /);
  });

  it('treats an empty DATABASE_URL or SESSION_KEYS as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SESSION_KEYS: '' })).toMatchObject({ databaseUrl: undefined, sessionKeys: [] });
  });

  it('lists every bad variable in one clear error', () => {
    expect(() =>
      loadConfig({
        CART_SERVICE_PORT: 'http',
        SHOP_ORIGIN: 'http://localhost:3000/',
        SESSION_KEYS: 'short',
        DATABASE_URL: 'localhost:5432',
        LOG_LEVEL: 'loud',
        EDGE_PURGE_URLS: 'varnish:8081',
      }),
    ).toThrow(
      /Invalid cart-service configuration:\n {2}- CART_SERVICE_PORT: .*\n {2}- SHOP_ORIGIN\.0: each origin must be scheme:\/\/host\[:port\].*\n {2}- SESSION_KEYS\.0: each key must be at least 32 characters\n {2}- DATABASE_URL: must start with postgres:\/\/ or postgresql:\/\/\n {2}- LOG_LEVEL: .*\n {2}- EDGE_PURGE_URLS: each must be an http or https URL/,
    );
  });
});
