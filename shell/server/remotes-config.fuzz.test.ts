import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RemotesConfig } from '@shop/contracts/remotes';
import { isSafeOrigin } from '@shop/contracts/release-url';
import { remoteOrigins } from '@shop/server-kit/remotes-config-file';
import { goodRemotes, startShell, type ShellFixture } from './test-support/shell-fixture';

/**
 * Property: whatever an operator (or an attacker with write access to remotes.json) puts in the file, the shop keeps
 * serving: a configuration is either refused (the last good one stays) or applied, and no answer is ever a 500.
 */

const hostileBits = [';', ',', "'", '"', ' ', '\n', '\r', '\t', '*', '@', '<', '>', '\\', '%', '%0a', '#', '?', '..', "'unsafe-inline'",
  'user:pw@', ':99999', ':0', '[::1]', '[', ']', 'é', '\u202e', '\u0000', 'javascript:', 'data:', '//', '/./', '|', '`', '$', '{', '}'];

const host = fc.oneof(
  fc.constantFrom('localhost', '127.0.0.1', 'cdn.example.com', '[::1]', 'a-b.example.ma'),
  fc.domain(),
  fc.string({ maxLength: 20 }),
);
const insert = (base: string, bit: string, at: number) => base.slice(0, at % (base.length + 1)) + bit + base.slice(at % (base.length + 1));
const entry = fc.oneof(
  fc.record({ scheme: fc.constantFrom('http', 'https', 'ftp', 'HTTP', 'javascript'), host, port: fc.option(fc.integer({ min: 0, max: 70000 })), path: fc.constantFrom('/1.0.0/', '/', '/a/b/', '/x y/', '/../') })
    .map(({ scheme, host: h, port, path }) => `${scheme}://${h}${port === null ? '' : `:${port}`}${path}mf-manifest.json`),
  fc.tuple(fc.constantFrom(...goodRemotes().remotes.map((r) => r.entry)), fc.constantFrom(...hostileBits), fc.nat()).map(([base, bit, at]) => insert(base, bit, at)),
  fc.webUrl().map((url) => `${url.replace(/\/$/, '')}/mf-manifest.json`),
  fc.string({ maxLength: 60 }),
);
const name = fc.oneof(fc.constantFrom('mf_frame', 'mf_cart', 'mf_catalog_pages'), fc.string({ maxLength: 12 }));
const origin = fc.oneof(
  fc.constantFrom('http://*', 'https://*.example.com', '*', 'http://localhost:4001', 'https://cdn.example.com', "'unsafe-eval'"),
  entry.map((url) => url.replace(/\/[^/]*mf-manifest\.json$/, '')),
);
// Releases an operator would really name, so that a good share of configurations is applied.
const validEntry = fc
  .record({
    host: fc.constantFrom('localhost', '127.0.0.1', 'cdn.example.com', '[::1]', 'static.boutique.ma'),
    port: fc.integer({ min: 1024, max: 65535 }),
    version: fc.stringMatching(/^[0-9]{1,2}\.[0-9]{1,2}\.[0-9]{1,2}$/),
    scheme: fc.constantFrom('http', 'https'),
  })
  .map(({ host: h, port, version, scheme }) => `${scheme}://${h}:${port}/${version}/mf-manifest.json`);
const validConfiguration = fc
  .record({ a: validEntry, b: validEntry, c: validEntry, origins: fc.option(fc.array(validEntry.map((e) => new URL(e).origin), { maxLength: 3 })) })
  .map(({ a, b, c, origins }) => ({
    remotes: [
      { name: 'mf_frame', entry: a },
      { name: 'mf_cart', entry: b },
      { name: 'mf_catalog_pages', entry: c },
    ],
    ...(origins ? { overrideOrigins: origins } : {}),
  }));

const configuration = fc.oneof(
  validConfiguration,
  // Mostly well-formed shapes with hostile values, so validation itself is what is tested.
  fc.record(
    {
      remotes: fc.oneof(
        fc.tuple(entry, entry, entry).map(([a, b, c]) => [
          { name: 'mf_frame', entry: a },
          { name: 'mf_cart', entry: b },
          { name: 'mf_catalog_pages', entry: c },
        ]),
        fc.array(fc.record({ name, entry }), { maxLength: 5 }),
      ),
      overrideOrigins: fc.array(origin, { maxLength: 4 }),
    },
    { requiredKeys: ['remotes'] },
  ),
  fc.jsonValue(),
);

describe('remotes.json fuzz', () => {
  let shell: ShellFixture;
  beforeAll(async () => {
    shell = await startShell({ cartServiceUrl: 'http://127.0.0.1:9' });
  });
  afterAll(async () => {
    await shell?.close();
  });

  it('1,000 generated configurations: never a 500, /healthz always 200, the live configuration always a valid one', async () => {
    let expected: RemotesConfig = shell.remotes.current;
    let accepted = 0;
    let served = 0;
    await fc.assert(
      fc.asyncProperty(configuration, async (config) => {
        if (shell.remotes.accept(JSON.stringify(config))) {
          accepted += 1;
          expected = shell.remotes.current;
        }
        expect(shell.remotes.current).toEqual(expected);
        for (const origin of remoteOrigins(shell.remotes.current)) expect(isSafeOrigin(origin), origin).toBe(true);
        for (const path of ['/healthz', '/', '/remotes.json', '/static/js/index.abc123.js']) {
          const response = await fetch(`${shell.url}${path}`);
          const text = await response.text();
          served += 1;
          expect(response.status, `${path} with ${JSON.stringify(config)}`).toBe(200);
          if (path !== '/healthz') expect(response.headers.get('content-security-policy')).toMatch(/^[a-z0-9 :;'/.[\]-]+$/);
          if (path === '/remotes.json') expect(JSON.parse(text)).toEqual(expected);
        }
      }),
      { numRuns: 1000 },
    );
    // The generator does reach both outcomes, so both paths are exercised.
    expect(accepted).toBeGreaterThan(20);
    expect(accepted).toBeLessThan(980);
    expect(served).toBe(4000);
  }, 120_000);
});
