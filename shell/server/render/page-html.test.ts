import { describe, expect, it } from 'vitest';
import type { RemotesConfig } from '@shop/contracts/remotes';
import { browserRenderedPage, serverRenderedPage } from './page-html';
import type { RenderedPage } from './worker-protocol';

const template = {
  html: '<!doctype html><html lang="fr"><head><meta charset="utf-8" /><title>Beauté Maroc</title></head><body><div id="root"></div></body></html>',
  shellStylesheets: ['/static/css/async/j.css'],
};
const config: RemotesConfig = { remotes: [{ name: 'mf_frame', entry: 'http://localhost:3001/1.0.0/mf-manifest.json' }] };
const page = (html: string, snapshot = '{"data":[],"failed":[],"notFoundPath":null}'): RenderedPage => ({
  type: 'rendered',
  id: 1,
  status: 200,
  html,
  snapshot,
  stylesheets: ['http://localhost:3001/1.0.0/static/css/header.css'],
  problems: [],
  ms: 3,
});

describe('serverRenderedPage', () => {
  it('puts the tree in #root, the stylesheets and early resources in the head, and the title the browser would set', () => {
    const html = serverRenderedPage(template, config, '/shop/face', page('<link rel="preload" as="image" href="/images/a.svg"/><main>Produits</main>'));
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" href="/static/css/async/j.css"><link rel="stylesheet" href="http://localhost:3001/1.0.0/static/css/header.css">');
    expect(head).toContain('<link rel="preload" as="image" href="/images/a.svg"/>');
    expect(head).toContain('<title>Maison Argane /shop/face</title>');
    expect(head).toContain('id="shop-remotes"');
    expect(html).toContain('<div id="root"><main>Produits</main></div><script type="application/json" id="shop-page">');
  });

  it('keeps the snapshot inside its script element whatever the data holds', () => {
    const html = serverRenderedPage(template, config, '/', page('<p>x</p>', '{"data":[["k","</script><script>alert(1)</script>"]]}'));
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('\\u003c/script>');
  });

  it('escapes the path in the title and marks the /index2 variant on the body', () => {
    expect(serverRenderedPage(template, config, '/a<b>', page(''))).toContain('<title>Maison Argane /a&lt;b&gt;</title>');
    expect(serverRenderedPage(template, config, '/index2', page(''))).toContain('<body class="style-2">');
  });
});

describe('browserRenderedPage', () => {
  it('is the built page with the hints and an empty #root, as before server rendering', () => {
    const html = browserRenderedPage(template, config);
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('id="shop-remotes"');
    expect(html).not.toContain('shop-page');
  });
});
