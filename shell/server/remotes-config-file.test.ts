import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseRemotesConfig, RemotesConfigFile } from './remotes-config-file';

const good = (cartVersion = '1.0.0') => ({
  remotes: [
    { name: 'mf_frame', entry: 'http://localhost:3001/1.0.0/mf-manifest.json' },
    { name: 'mf_cart', entry: `http://localhost:3002/${cartVersion}/mf-manifest.json` },
    { name: 'mf_catalog_pages', entry: 'http://localhost:3003/1.0.0/mf-manifest.json' },
  ],
});

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
  ])('refuses %s', (_name, text) => {
    expect(() => parseRemotesConfig(text)).toThrow();
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
