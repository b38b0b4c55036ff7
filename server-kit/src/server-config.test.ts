import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  logLevelSetting,
  optionalOriginListSetting,
  originListSetting,
  originSetting,
  portSetting,
  readServerConfig,
  ServerConfigError,
  trustProxySetting,
  urlSetting,
} from './server-config';

const Example = z.object({
  PORT: portSetting(3002),
  SHOP_ORIGIN: originListSetting('http://localhost:3000'),
  UPSTREAM_URL: urlSetting('http://127.0.0.1:4000'),
  TRUST_PROXY: trustProxySetting('none'),
  LOG_LEVEL: logLevelSetting,
});

describe('readServerConfig', () => {
  it('gives the defaults when nothing is set', () => {
    const config = readServerConfig('example', Example, {});
    expect(config).toMatchObject({ PORT: 3002, SHOP_ORIGIN: ['http://localhost:3000'], UPSTREAM_URL: 'http://127.0.0.1:4000', LOG_LEVEL: 'info' });
    expect(config.TRUST_PROXY.description).toBe('none');
  });

  it('reads what is set', () => {
    const config = readServerConfig('example', Example, {
      PORT: '0',
      SHOP_ORIGIN: 'https://boutique.example.ma , http://localhost:3000',
      UPSTREAM_URL: 'https://api.example.ma',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({ PORT: 0, SHOP_ORIGIN: ['https://boutique.example.ma', 'http://localhost:3000'], UPSTREAM_URL: 'https://api.example.ma', LOG_LEVEL: 'warn' });
    expect(config.TRUST_PROXY.description).toBe('1 hop');
  });

  it('refuses with one error listing every bad variable, in English', () => {
    let error: unknown;
    try {
      readServerConfig('example', Example, { PORT: '70000', SHOP_ORIGIN: 'localhost:3000', UPSTREAM_URL: 'ftp://x', TRUST_PROXY: 'true', LOG_LEVEL: 'loud' });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ServerConfigError);
    expect((error as Error).message).toMatch(
      /^Invalid example configuration:\n {2}- PORT: .*\n {2}- SHOP_ORIGIN\.0: each origin must be scheme:\/\/host\[:port\].*\n {2}- UPSTREAM_URL: must be an http or https URL\n {2}- TRUST_PROXY: `true` would trust any client.*\n {2}- LOG_LEVEL: /,
    );
  });

  it('refuses an empty origin list and a port that is not a number', () => {
    expect(() => readServerConfig('example', Example, { SHOP_ORIGIN: ' , ' })).toThrow(/SHOP_ORIGIN: at least one origin/);
    expect(() => readServerConfig('example', Example, { PORT: 'http' })).toThrow(/- PORT: /);
  });
});

// The one origin rule (contracts' originProblem) behind every origin a server is configured with.
describe('origin settings', () => {
  const Origins = z.object({ PUBLIC_URL: originSetting, ALLOWED_RELEASE_ORIGINS: optionalOriginListSetting, SHOP_ORIGIN: originListSetting('http://localhost:3000') });
  const read = (env: Record<string, string>) => readServerConfig('example', Origins, env);

  it('leaves the optional ones undefined when unset', () => {
    expect(read({})).toEqual({ PUBLIC_URL: undefined, ALLOWED_RELEASE_ORIGINS: undefined, SHOP_ORIGIN: ['http://localhost:3000'] });
  });

  it('reads an origin (a trailing slash is the same origin) and lists of them', () => {
    expect(
      read({ PUBLIC_URL: 'https://boutique.example.ma/', ALLOWED_RELEASE_ORIGINS: 'https://mf-cart.example.ma, http://127.0.0.1:3002', SHOP_ORIGIN: 'http://[::1]:3000' }),
    ).toEqual({
      PUBLIC_URL: 'https://boutique.example.ma',
      ALLOWED_RELEASE_ORIGINS: ['https://mf-cart.example.ma', 'http://127.0.0.1:3002'],
      SHOP_ORIGIN: ['http://[::1]:3000'],
    });
  });

  it('refuses a path, a query, credentials, another scheme or a wildcard, wherever the origin is set', () => {
    for (const bad of ['https://boutique.example.ma/fr', 'https://boutique.example.ma/?a=1', 'https://user:pw@boutique.example.ma', 'ftp://boutique.example.ma', 'boutique.example.ma']) {
      expect(() => read({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL: must be the shop's origin, http\(s\):\/\/host\[:port\], without path, query or credentials/);
    }
    for (const bad of ['https://mf-cart.example.ma/', 'https://*.example.ma', 'https://mf-cart.example.ma/1.0.0']) {
      expect(() => read({ ALLOWED_RELEASE_ORIGINS: `http://localhost:3002,${bad}` }), bad).toThrow(/ALLOWED_RELEASE_ORIGINS: each origin must be scheme:\/\/host\[:port\]/);
      expect(() => read({ SHOP_ORIGIN: bad }), bad).toThrow(/SHOP_ORIGIN\.0: each origin must be scheme:\/\/host\[:port\]/);
    }
  });
});
