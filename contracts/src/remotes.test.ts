import { describe, expect, it } from 'vitest';
import { REMOTE_NAMES, type RemotesConfig } from './remotes';
import { parseRemotesConfig, parseRemotesConfigText } from './remotes-schema';

const good = (cartVersion = '1.0.0'): RemotesConfig => ({
  remotes: [
    { name: 'mf_frame', entry: 'http://localhost:3001/1.0.0/mf-manifest.json' },
    { name: 'mf_cart', entry: `http://localhost:3002/${cartVersion}/mf-manifest.json` },
    { name: 'mf_catalog_pages', entry: 'http://localhost:3003/1.0.0/mf-manifest.json' },
  ],
});

// Moved from shell/server/remotes-config-file.test.ts with the schema: the server and the browser both parse with it.
describe('parseRemotesConfig', () => {
  it('accepts the operators’ contract', () => {
    expect(parseRemotesConfigText(JSON.stringify(good()))).toEqual(good());
  });

  it.each([
    ['malformed JSON', '{"remotes": ['],
    ['a missing remote', JSON.stringify({ remotes: good().remotes.slice(0, 2) })],
    ['a remote twice', JSON.stringify({ remotes: [...good().remotes, good().remotes[0]] })],
    ['an unknown remote', JSON.stringify({ remotes: [...good().remotes, { name: 'mf_evil', entry: 'http://x/1/mf-manifest.json' }] })],
    ['an entry that is not a manifest', JSON.stringify({ remotes: good().remotes.map((r) => ({ ...r, entry: 'http://localhost:3001/remoteEntry.js' })) })],
    ['a javascript: URL', JSON.stringify({ remotes: good().remotes.map((r) => ({ ...r, entry: 'javascript:alert(1)//mf-manifest.json' })) })],
    ['an extra key', JSON.stringify({ ...good(), extra: true })],
    ...[
      ['a `;` in the host', 'http://cdn.example.com;/mf-manifest.json'],
      ['a CSP keyword in the host', "http://a,'unsafe-inline'/mf-manifest.json"],
      ['credentials', 'http://user:pw@localhost:3002/1.0.0/mf-manifest.json'],
      ['a query string', 'http://localhost:3002/1.0.0/mf-manifest.json?v=2'],
      ['a non-canonical form', 'HTTP://LOCALHOST:3002/1.0.0/mf-manifest.json'],
      ['a space in the path', 'http://localhost:3002/1 0/mf-manifest.json'],
      ['a wildcard host', 'http://*.example.com/1.0.0/mf-manifest.json'],
    ].map(([name, entry]) => [name!, JSON.stringify({ remotes: good().remotes.map((r) => ({ ...r, entry: entry! })) })]),
    ['a wildcard override origin', JSON.stringify({ ...good(), overrideOrigins: ['http://*'] })],
    ['an override origin with a path', JSON.stringify({ ...good(), overrideOrigins: ['http://localhost:4001/x'] })],
  ])('refuses %s', (_name, text) => {
    expect(() => parseRemotesConfigText(text)).toThrow();
  });

  it('accepts IP addresses, IPv6 and https origins in the override allowlist', () => {
    const config = {
      remotes: good().remotes.map((r, i) => ({ ...r, entry: ['http://127.0.0.1:3001/2.0.0/mf-manifest.json', 'http://[::1]:3002/1.0.1/mf-manifest.json', 'https://cdn.example.ma/catalog/1.0.0/mf-manifest.json'][i]! })),
      overrideOrigins: ['https://preview.example.ma', 'http://localhost:4001'],
    };
    expect(parseRemotesConfigText(JSON.stringify(config))).toEqual(config);
  });

  it('says what is wrong, in English, one problem after another', () => {
    expect(() => parseRemotesConfigText('{"remotes": [')).toThrow(/^remotes\.json: not JSON/);
    const bad = { remotes: [good().remotes[0], { name: 'mf_cart', entry: 'http://localhost:3002/x.js' }], overrideOrigins: Array(21).fill('http://localhost:4001') };
    let message = '';
    try {
      parseRemotesConfig(bad);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^remotes\.json: /);
    expect(message).toContain('"http://localhost:3002/x.js" must be the URL of a release’s mf-manifest.json');
    expect(message).toContain(`each of ${REMOTE_NAMES.join(', ')} must appear exactly once`);
    expect(message).toMatch(/overrideOrigins/);
    expect(message).not.toContain('\n');
  });

  it('refuses what is not an object at all', () => {
    for (const value of [null, [], 'remotes', 42, { remotes: 'all' }]) expect(() => parseRemotesConfig(value), JSON.stringify(value)).toThrow(/^remotes\.json: /);
  });
});
