import { describe, expect, it } from 'vitest';
import { EXPOSED_MODULE_IDS, remoteOf } from './exposes';
import { REMOTE_NAMES } from './remotes';

describe('remoteOf', () => {
  it('names the remote of every exposed module', () => {
    expect(remoteOf('mf_cart/CartDropdown')).toBe('mf_cart');
    expect(remoteOf('mf_catalog_pages/ProductPage')).toBe('mf_catalog_pages');
    for (const id of EXPOSED_MODULE_IDS) expect(REMOTE_NAMES).toContain(remoteOf(id));
  });
});
