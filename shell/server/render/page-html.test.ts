import { describe, expect, it } from 'vitest';
import { START_ON_INTENT } from '@shop/contracts/forms';
import type { RemotesConfig } from '@shop/contracts/remotes';
import { MAX_INLINE_CSS_BYTES, inlineableCss } from '../renderer-sandbox/inline-styles';
import { browserRenderedPage, inlineScript, scriptsOnIntent, scriptsStartOf, serverRenderedPage, stylesheetTags } from './page-html';
import type { RenderedPage } from '../renderer-sandbox/renderer-protocol';
import { OVERRIDE_PARAM, OVERRIDE_STORAGE_KEY } from '../../shared/override-keys';
import { CART_SESSION_MARK_COOKIE } from '@shop/contracts/session-claim';

const template = {
  html:
    '<!doctype html><html lang="fr"><head><meta charset="utf-8" /><title>Beauté Maroc</title>' +
    '<script defer src="/static/js/index.1.js"></script><link href="/static/css/async/j.css" rel="preload" as="style">' +
    '<link href="/static/js/async/2.js" rel="preload" as="script"><link href="/static/js/async/4.js" rel="preload" as="script">' +
    '</head><body><div id="root"></div></body></html>',
  shellStylesheets: [{ href: '/static/css/async/j.css', css: '.j{color:red}' }],
  earlyScript: 'document.documentElement.dataset.early="1"',
};
const config: RemotesConfig = { remotes: [{ name: 'mf_frame', entry: 'http://localhost:3001/1.0.0/mf-manifest.json' }] };
const page = (html: string, snapshot = '{"data":[],"failed":[],"notFoundPath":null}'): RenderedPage => ({
  type: 'rendered',
  id: 1,
  status: 200,
  html,
  snapshot,
  catalogue: {},
  stylesheets: [{ href: 'http://localhost:3001/1.0.0/static/css/header.css', css: null }],
  scripts: [
    { href: 'http://localhost:3001/1.0.0/static/js/mf_frame.js', integrity: `sha384-${'E'.repeat(64)}`, manifest: 'http://localhost:3001/1.0.0/mf-manifest.json' },
    { href: 'http://localhost:3001/1.0.0/static/js/async/__federation_expose_Header.js', manifest: 'http://localhost:3001/1.0.0/mf-manifest.json' },
    { href: 'javascript:alert(1)', manifest: 'http://localhost:3001/1.0.0/mf-manifest.json' },
  ],
  problems: [],
  failedRemotes: [],
  ms: 3,
});

describe('serverRenderedPage', () => {
  it('puts the tree in #root, the stylesheets and early resources in the head, and the title the browser would set', () => {
    const html = serverRenderedPage(template, config, '/shop/face', page('<link rel="preload" as="image" href="/images/a.svg"/><main>Produits</main>'));
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(
      '<style data-href="/static/css/async/j.css">.j{color:red}</style><link rel="stylesheet" href="http://localhost:3001/1.0.0/static/css/header.css">',
    );
    expect(head).toContain('<link rel="preload" as="image" href="/images/a.svg"/>');
    expect(head).toContain('<title>Maison Argane /shop/face</title>');
    expect(head).toContain('id="shop-remotes"');
    expect(html).toContain('<div id="root"><main>Produits</main></div><script type="application/json" id="shop-page">');
  });

  it('hands the start script every script the first screen runs: the shell’s, then the remotes’ with their digests', () => {
    const html = serverRenderedPage(template, config, '/shop/face', page('<main>Produits</main>'));
    const remotes = JSON.stringify([
      { href: 'http://localhost:3001/1.0.0/static/js/mf_frame.js', integrity: `sha384-${'E'.repeat(64)}`, manifest: 'http://localhost:3001/1.0.0/mf-manifest.json' },
      { href: 'http://localhost:3001/1.0.0/static/js/async/__federation_expose_Header.js', manifest: 'http://localhost:3001/1.0.0/mf-manifest.json' },
    ]);
    expect(html).toContain(`data-preload="/static/js/async/2.js /static/js/async/4.js" data-remote-preload="${remotes.replace(/"/g, '&quot;')}"`);
    // Only URLs of an origin a policy may name, written as the URL parser writes them; nothing fetched before the paint.
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('rel="preload" as="script"');
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

describe('the script that holds taps until hydration', () => {
  it('comes first in a server-rendered page’s head, before any other script', () => {
    const html = serverRenderedPage(template, config, '/', page(''));
    expect(html.indexOf('<head><script>document.documentElement.dataset.early="1"</script>')).toBeGreaterThan(0);
    expect(html.indexOf(template.earlyScript)).toBeLessThan(html.indexOf('<script defer'));
    expect(browserRenderedPage(template, config)).not.toContain(template.earlyScript);
  });

  it('is inlined without its comments and indentation', () => {
    expect(inlineScript('// why\n(() => {\n  // more\n  go();\n})();\n')).toBe('(() => {\ngo();\n})();');
  });
});

describe('scriptsOnIntent', () => {
  it('hands the entry script and its preloads to the start script, and drops the preloads of inlined stylesheets', () => {
    const html = scriptsOnIntent(template.html, new Set(['/static/css/async/j.css']));
    expect(html).toContain(
      `<script defer src="${START_ON_INTENT}" data-start="intent" data-entry="/static/js/index.1.js" data-preload="/static/js/async/2.js /static/js/async/4.js" data-session-mark="${CART_SESSION_MARK_COOKIE}" data-trial-param="${OVERRIDE_PARAM}" data-trial-key="${OVERRIDE_STORAGE_KEY}"></script>`,
    );
    expect(html).not.toContain('<script defer src="/static/js/index.1.js">');
    expect(html).not.toContain('rel="preload"');
  });

  it('keeps the preload of a stylesheet that stays a link, and leaves a page without the entry script as it is', () => {
    expect(scriptsOnIntent(template.html, new Set())).toContain('<link href="/static/css/async/j.css" rel="preload" as="style">');
    const plain = '<html><head></head><body></body></html>';
    expect(scriptsOnIntent(plain, new Set())).toBe(plain);
  });

  it('is what a server-rendered page carries, while a browser-rendered page keeps its scripts', () => {
    expect(serverRenderedPage(template, config, '/', page(''))).toContain(`src="${START_ON_INTENT}"`);
    expect(browserRenderedPage(template, config)).toContain('<script defer src="/static/js/index.1.js">');
  });

  it('starts at the shopper’s first intent, or once painted when a part was left to the browser (decision 047)', () => {
    expect(scriptsStartOf({ problems: [] })).toBe('intent');
    expect(scriptsStartOf({ problems: ['not rendered within 200 ms'] })).toBe('paint');
    const late = { ...page('<main><!--$!--><template></template><p>Chargement…</p><!--/$--></main>'), problems: ['not rendered within 200 ms'] };
    expect(serverRenderedPage(template, config, '/', late)).toContain('data-start="paint"');
    expect(serverRenderedPage(template, config, '/', page('<p>ok</p>'))).toContain('data-start="intent"');
  });
});

describe('stylesheetTags', () => {
  it('inlines what it can, and links a remote stylesheet with its recorded digest so the browser verifies it', () => {
    const digest = `sha384-${'A'.repeat(64)}`;
    expect(
      stylesheetTags([
        { href: 'http://r.test/1.0.0/a.css', css: '.a{}' },
        { href: 'http://r.test/1.0.0/b.css', css: null, integrity: digest },
        { href: '/static/css/shell.css', css: null },
      ]),
    ).toBe(
      '<style data-href="http://r.test/1.0.0/a.css">.a{}</style>' +
        `<link rel="stylesheet" href="http://r.test/1.0.0/b.css" integrity="${digest}" crossorigin="anonymous">` +
        '<link rel="stylesheet" href="/static/css/shell.css">',
    );
  });
});

describe('inlineableCss', () => {
  it('gives the text without its source-map comment', () => {
    expect(inlineableCss('.a{color:red}\n/*# sourceMappingURL=a.css.map*/\n')).toBe('.a{color:red}');
  });

  it('refuses what would change meaning or close the element inside the page, and what is too large', () => {
    expect(inlineableCss('.a{background:url(img.png)}')).toBeNull();
    expect(inlineableCss('@import "b.css";')).toBeNull();
    expect(inlineableCss('.a{content:"</style><script>"}')).toBeNull();
    expect(inlineableCss(`.a{content:"${'x'.repeat(MAX_INLINE_CSS_BYTES)}"}`)).toBeNull();
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
