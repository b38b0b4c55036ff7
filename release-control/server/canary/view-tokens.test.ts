import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RemotesConfig } from '@shop/contracts/remotes';
import { MemoryTokenUses, VIEW_TOKENS, ViewTokens } from './view-tokens';

const config: RemotesConfig = {
  remotes: [
    { name: 'mf_frame', entry: 'http://localhost:3001/1.0.0/mf-manifest.json' },
    { name: 'mf_cart', entry: 'http://localhost:3002/1.1.0/mf-manifest.json' },
    { name: 'mf_catalog_pages', entry: 'http://localhost:3003/1.0.0/mf-manifest.json' },
  ],
};
const bucket = 'ab'.repeat(16);

describe('view tokens', () => {
  it('say which browser was served which releases; a page without a bucket is a browser of its own', () => {
    const tokens = new ViewTokens(randomBytes(32));
    const token = tokens.verify(tokens.issue(config, bucket));
    expect(token).toMatchObject({ browser: bucket, releases: new Set(['mf_frame@1.0.0', 'mf_cart@1.1.0', 'mf_catalog_pages@1.0.0']) });
    const first = tokens.verify(tokens.issue(config, null));
    const second = tokens.verify(tokens.issue(config, null));
    expect('browser' in first && 'browser' in second && first.browser !== second.browser).toBe(true);
  });

  it('refuse a token another key signed, an altered one, a made-up one, and an expired one, saying why in French', () => {
    let now = Date.parse('2026-11-26T10:00:00Z');
    const tokens = new ViewTokens(randomBytes(32), () => now);
    const issued = tokens.issue(config, bucket);
    expect(new ViewTokens(randomBytes(32)).verify(issued)).toEqual({ refused: 'Rapport refusé : ce jeton n’a pas été délivré par la boutique.' });
    const [body, mac] = issued.split('.');
    const altered = Buffer.from(Buffer.from(body!, 'base64url').toString().replace('1.1.0', '1.0.0')).toString('base64url');
    expect(tokens.verify(`${altered}.${mac}`)).toEqual({ refused: 'Rapport refusé : ce jeton n’a pas été délivré par la boutique.' });
    expect(tokens.verify('forged')).toEqual({ refused: 'Rapport refusé : jeton de page illisible.' });
    now += VIEW_TOKENS.lifetimeMs + 1000;
    expect(tokens.verify(issued)).toEqual({ refused: 'Rapport refusé : le jeton de la page a expiré.' });
  });

  it('count the views of a page load and its navigations up to their budget', async () => {
    const uses = new MemoryTokenUses();
    for (let i = 0; i < VIEW_TOKENS.viewsPerToken; i++) expect(await uses.spend('jeton')).toBe(true);
    expect(await uses.spend('jeton')).toBe(false);
    expect(await uses.spend('autre')).toBe(true);
  });
});
