import { describe, expect, it } from 'vitest';
import type { RemotesConfig } from '@shop/contracts/remotes';
import { applyOverrides } from './overrides';

const config: RemotesConfig = {
  remotes: [
    { name: 'mf_frame', entry: 'http://localhost:3001/1.0.0/mf-manifest.json' },
    { name: 'mf_cart', entry: 'http://localhost:3002/1.0.0/mf-manifest.json' },
    { name: 'mf_catalog_pages', entry: 'http://localhost:3003/1.0.0/mf-manifest.json' },
  ],
  overrideOrigins: ['http://localhost:3002'],
};

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

const at = (search: string) => ({ search, pathname: '/shop/face', hash: '' });
const candidate = 'http://localhost:3002/1.0.1/mf-manifest.json';

describe('applyOverrides', () => {
  it('accepts a candidate from an allowed origin, remembers it and cleans the URL', () => {
    const storage = memoryStorage();
    const outcome = applyOverrides(config, at(`?mf-override=mf_cart@${candidate}&sort=prix-croissant`), storage);
    expect(outcome.refused).toEqual([]);
    expect(outcome.active).toEqual({ mf_cart: candidate });
    expect(outcome.config.remotes.find((r) => r.name === 'mf_cart')?.entry).toBe(candidate);
    expect(outcome.cleanUrl).toBe('/shop/face?sort=prix-croissant');

    // Next page load, no parameter: still active for this browser's session.
    expect(applyOverrides(config, at(''), storage).active).toEqual({ mf_cart: candidate });
  });

  it.each([
    ['an origin not on the allowlist', 'mf_cart@http://localhost:9999/1.0.1/mf-manifest.json'],
    ['an unknown remote', `mf_evil@${candidate}`],
    ['a URL that is not a manifest', 'mf_cart@http://localhost:3002/evil.js'],
    ['a missing name', candidate],
    ['garbage', 'mf_cart@::::'],
    ['credentials on an allowed origin', 'mf_cart@http://user:pw@localhost:3002/1.0.1/mf-manifest.json'],
  ])('refuses %s and keeps the configured entry', (_why, value) => {
    const outcome = applyOverrides(config, at(`?mf-override=${encodeURIComponent(value)}`), memoryStorage());
    expect(outcome.refused).toHaveLength(1);
    expect(outcome.active).toEqual({});
    expect(outcome.config).toEqual({ ...config, remotes: config.remotes });
  });

  it('drops a remembered candidate once its origin leaves the allowlist, and clears on request', () => {
    const storage = memoryStorage();
    applyOverrides(config, at(`?mf-override=mf_cart@${candidate}`), storage);
    const tightened = applyOverrides({ ...config, overrideOrigins: [] }, at(''), storage);
    expect(tightened.active).toEqual({});
    expect(tightened.refused).toHaveLength(1);

    applyOverrides(config, at(`?mf-override=mf_cart@${candidate}`), storage);
    expect(applyOverrides(config, at('?mf-override=clear'), storage).active).toEqual({});
    expect(storage.data.size).toBe(0);
  });
});
