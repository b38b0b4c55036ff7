import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RemotesConfig } from '@shop/contracts/remotes';
import { ManifestCache } from './manifest-cache';
import { pageHints, withHints } from './page-hints';

/** A release's manifest as the federation plugin writes it (trimmed to what the hints read). */
function manifest(name: string, exposes: Record<string, string>) {
  return {
    metaData: { name, publicPath: 'auto', remoteEntry: { name: `static/js/${name}.1a2b.js`, path: '' } },
    exposes: Object.entries(exposes).map(([expose, chunk]) => ({
      path: `./${expose}`,
      assets: { js: { sync: [`static/js/async/${chunk}.js`], async: [] }, css: { sync: [`static/css/${chunk}.css`], async: [] } },
    })),
  };
}

describe('page hints', () => {
  let server: Server;
  let origin: string;
  let config: RemotesConfig;
  const cache = new ManifestCache();

  beforeAll(async () => {
    const manifests: Record<string, unknown> = {
      '/frame/1.0.0/mf-manifest.json': manifest('mf_frame', { Header: 'header', Footer: 'footer' }),
      '/cart/1.0.0/mf-manifest.json': manifest('mf_cart', { CartDropdown: 'dropdown', CartLines: 'lines' }),
    };
    server = createServer((req, res) => {
      const body = manifests[req.url ?? ''];
      res.writeHead(body ? 200 : 404, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body ?? {}));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    config = {
      remotes: [
        { name: 'mf_frame', entry: `${origin}/frame/1.0.0/mf-manifest.json` },
        { name: 'mf_cart', entry: `${origin}/cart/1.0.0/mf-manifest.json` },
        // Not answering: it still gets its manifest preload, and nothing else.
        { name: 'mf_catalog_pages', entry: `${origin}/pages/1.0.0/mf-manifest.json` },
      ],
    };
    await Promise.all(config.remotes.map((r) => cache.refresh(r.entry)));
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('inlines the configuration and preloads every manifest, entry and the route’s exposed files', () => {
    const hints = pageHints(config, '/shop/checkout', cache);
    const inline = /<script type="application\/json" id="shop-remotes">(.*?)<\/script>/.exec(hints);
    expect(JSON.parse(inline![1]!)).toEqual(config);
    for (const remote of config.remotes) {
      expect(hints).toContain(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${remote.entry}">`);
    }
    const scripts = [...hints.matchAll(/<link rel="preload" as="script" href="([^"]+)">/g)].map((m) => m[1]);
    expect(scripts.sort()).toEqual(
      [
        `${origin}/frame/1.0.0/static/js/mf_frame.1a2b.js`,
        `${origin}/frame/1.0.0/static/js/async/header.js`,
        `${origin}/frame/1.0.0/static/js/async/footer.js`,
        `${origin}/cart/1.0.0/static/js/mf_cart.1a2b.js`,
        `${origin}/cart/1.0.0/static/js/async/dropdown.js`,
        // The checkout also shows mf_cart's lines.
        `${origin}/cart/1.0.0/static/js/async/lines.js`,
      ].sort(),
    );
    expect(hints).toContain(`<link rel="preload" as="style" href="${origin}/cart/1.0.0/static/css/lines.css">`);
    expect(hints).not.toContain(`${origin}/pages/1.0.0/static`);
  });

  it('escapes the configuration so it can never close its script element', () => {
    const hostile: RemotesConfig = { remotes: [{ name: 'mf_frame', entry: 'http://x/</script><script>alert(1)</script>/mf-manifest.json' }] };
    const hints = pageHints(hostile, '/', cache);
    expect(hints.match(/<\/script>/g)).toHaveLength(1);
    expect(hints).not.toContain('<script>alert');
  });

  it('places the hints right after the charset declaration', () => {
    const html = '<!doctype html><html><head><meta charset="utf-8" /><title>x</title></head></html>';
    expect(withHints(html, '<!--hints-->')).toBe('<!doctype html><html><head><meta charset="utf-8" /><!--hints--><title>x</title></head></html>');
  });
});
