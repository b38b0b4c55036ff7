import { describe, expect, it } from 'vitest';
import type { RemotesConfig } from '@shop/contracts/remotes';
import { pageHints, withHints } from './page-hints';
import { goodRemotes } from '../test-support/shell-fixture';

const config: RemotesConfig = goodRemotes('1.0.1');

describe('page hints', () => {
  it('inlines the configuration and preloads every configured manifest as a CORS fetch', () => {
    const hints = pageHints(config);
    const inline = /<script type="application\/json" id="shop-remotes">(.*?)<\/script>/.exec(hints);
    expect(JSON.parse(inline![1]!)).toEqual(config);
    const preloads = [...hints.matchAll(/<link rel="preload" as="fetch" crossorigin="anonymous" href="([^"]+)">/g)];
    expect(preloads.map((m) => m[1])).toEqual(config.remotes.map((r) => r.entry));
    const preconnects = [...hints.matchAll(/<link rel="preconnect" href="([^"]+)">/g)].map((m) => m[1]);
    expect(preconnects).toEqual(['http://localhost:3001', 'http://localhost:3002', 'http://localhost:3003']);
  });

  it('escapes the configuration so it can never close its script element', () => {
    const hostile: RemotesConfig = { remotes: [{ name: 'mf_frame', entry: 'http://x/</script><script>alert(1)</script>/mf-manifest.json' }] };
    const hints = pageHints(hostile);
    expect(hints.match(/<\/script>/g)).toHaveLength(1);
    expect(hints).not.toContain('<script>alert');
    expect(JSON.parse(/<script[^>]*>(.*?)<\/script>/.exec(hints)![1]!)).toEqual(hostile);
  });

  it('places the hints right after the charset declaration', () => {
    const html = '<!doctype html><html><head><meta charset="utf-8" /><title>x</title></head></html>';
    expect(withHints(html, '<!--hints-->')).toBe('<!doctype html><html><head><meta charset="utf-8" /><!--hints--><title>x</title></head></html>');
  });
});
