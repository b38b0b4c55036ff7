import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteAssets } from './remote-assets';

const digest = (letter: string) => `sha384-${letter.repeat(64)}`;
const manifest = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'static/js/mf_frame.1.js', path: '' } },
  exposes: [
    {
      name: 'Header',
      assets: {
        js: { sync: ['static/js/async/__federation_expose_Header.2.js'], async: ['static/js/async/menu.3.js'] },
        css: { sync: ['static/css/header.css'], async: [] },
      },
    },
    {
      name: 'Footer',
      assets: { js: { sync: [], async: ['static/js/async/messages-fr-MA-header.4.js', 'static/js/async/messages-fr-MA-navigation.5.js', 'static/js/async/messages-ar-MA-header.6.js', 'static/js/async/messages-ar-MA-navigation.7.js'] } },
      firstWords: ['header'],
    },
    {
      // A release built before its manifest said which words an exposed module shows first.
      name: 'Legal',
      assets: { js: { sync: [], async: ['static/js/async/messages-fr-MA-header.4.js', 'static/js/async/messages-fr-MA-navigation.5.js', 'static/js/async/legal.8.js'] } },
    },
  ],
  integrity: { 'static/js/mf_frame.1.js': digest('A'), 'static/js/async/__federation_expose_Header.2.js': digest('B'), 'static/css/header.css': digest('C') },
};

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/1.0.0/mf-manifest.json') return void response.end(JSON.stringify(manifest));
    if (request.url === '/1.0.0/static/css/header.css') return void response.end('.header{color:red}');
    response.statusCode = 404;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/1.0.0/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('remoteAssets', () => {
  it('gives each exposed module its stylesheets, and the scripts it runs first: its remote’s entry, then its own sync files, with digests', async () => {
    const assets = await remoteAssets({ remotes: [{ name: 'mf_frame', entry: `${base}mf-manifest.json` }] }, 2000);
    expect(assets.stylesheets.get('mf_frame/Header')).toEqual([{ href: `${base}static/css/header.css`, css: '.header{color:red}', integrity: digest('C') }]);
    expect(assets.scripts.get('mf_frame/Header')).toEqual([
      { href: `${base}static/js/mf_frame.1.js`, integrity: digest('A'), manifest: `${base}mf-manifest.json` },
      { href: `${base}static/js/async/__federation_expose_Header.2.js`, integrity: digest('B'), manifest: `${base}mf-manifest.json` },
    ]);
  });

  it('gives each exposed module the words it shows first, in each language, and not its regions’', async () => {
    const assets = await remoteAssets({ remotes: [{ name: 'mf_frame', entry: `${base}mf-manifest.json` }] }, 2000);
    const hrefs = (id: string) => Object.fromEntries(Object.entries(assets.messages.get(id as never) ?? {}).map(([locale, files]) => [locale, files.map((file) => file.href.slice(base.length))]));
    expect(hrefs('mf_frame/Footer')).toEqual({ 'fr-MA': ['static/js/async/messages-fr-MA-header.4.js'], 'ar-MA': ['static/js/async/messages-ar-MA-header.6.js'] });
    expect(hrefs('mf_frame/Legal')).toEqual({ 'fr-MA': ['static/js/async/messages-fr-MA-header.4.js', 'static/js/async/messages-fr-MA-navigation.5.js'], 'ar-MA': [] });
  });

  it('gives nothing for a remote whose manifest cannot be read', async () => {
    const assets = await remoteAssets({ remotes: [{ name: 'mf_frame', entry: `${base}missing/mf-manifest.json` }] }, 2000);
    expect(assets.scripts.size).toBe(0);
    expect(assets.stylesheets.size).toBe(0);
  });
});
