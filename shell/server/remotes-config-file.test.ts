import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseRemotesConfig, RemotesConfigFile } from './remotes-config-file';
import { goodRemotes as good } from './test-fixture';


describe('parseRemotesConfig', () => {
  it('accepts the operators’ contract', () => {
    expect(parseRemotesConfig(JSON.stringify(good()))).toEqual(good());
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
    expect(() => parseRemotesConfig(text)).toThrow();
  });

  it('accepts IP addresses, IPv6 and https origins in the override allowlist', () => {
    const config = {
      remotes: good().remotes.map((r, i) => ({ ...r, entry: ['http://127.0.0.1:3001/2.0.0/mf-manifest.json', 'http://[::1]:3002/1.0.1/mf-manifest.json', 'https://cdn.example.ma/catalog/1.0.0/mf-manifest.json'][i]! })),
      overrideOrigins: ['https://preview.example.ma', 'http://localhost:4001'],
    };
    expect(parseRemotesConfig(JSON.stringify(config))).toEqual(config);
  });
});

describe('RemotesConfigFile', () => {
  let dir: string;
  let file: RemotesConfigFile | undefined;
  const log = { info: vi.fn(), error: vi.fn() };

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'remotes-'));
    log.info.mockClear();
    log.error.mockClear();
  });
  afterEach(async () => {
    file?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('picks up an edit by itself, and keeps the last good configuration when an edit is broken', async () => {
    const path = join(dir, 'remotes.json');
    await writeFile(path, JSON.stringify(good()));
    file = await RemotesConfigFile.open(path, log);

    // An editor-style replace (write elsewhere, rename over) is seen through the folder watch.
    await writeFile(join(dir, 'tmp.json'), JSON.stringify(good('1.0.1')));
    await rename(join(dir, 'tmp.json'), path);
    await vi.waitFor(() => expect(file!.current).toEqual(good('1.0.1')), { timeout: 5000 });

    await writeFile(path, '{"remotes": [');
    await vi.waitFor(() => expect(log.error).toHaveBeenCalled(), { timeout: 5000 });
    expect(log.error.mock.calls[0]![0]).toMatch(/refused, keeping the last good configuration/);
    expect(file.current).toEqual(good('1.0.1'));
  });

  it('refuses to start on an unusable file', async () => {
    const path = join(dir, 'remotes.json');
    await writeFile(path, '[]');
    await expect(RemotesConfigFile.open(path, log)).rejects.toThrow();
  });
});
