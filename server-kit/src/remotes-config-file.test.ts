import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RemotesConfigFile } from './remotes-config-file';
import type { RemotesConfig } from '@shop/contracts/remotes';

const good = (cartVersion = '1.0.0'): RemotesConfig => ({
  remotes: [
    { name: 'mf_frame', entry: 'http://localhost:3001/1.0.0/mf-manifest.json' },
    { name: 'mf_cart', entry: `http://localhost:3002/${cartVersion}/mf-manifest.json` },
    { name: 'mf_catalog_pages', entry: 'http://localhost:3003/1.0.0/mf-manifest.json' },
  ],
});

// What the file may hold is tested with its schema: contracts/src/remotes.test.ts.
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
