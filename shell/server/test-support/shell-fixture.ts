import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RemotesConfig } from '@shop/contracts/remotes';
import { createShellServer, type ShellServerOptions } from '../app';
import { RemotesConfigFile } from '@shop/server-kit/remotes-config-file';
import { closeServer, listen, urlOf } from '@shop/server-kit/listening-server';

export const goodRemotes = (cartVersion = '1.0.0'): RemotesConfig => ({
  remotes: [
    { name: 'mf_frame', entry: 'http://localhost:3001/1.0.0/mf-manifest.json' },
    { name: 'mf_cart', entry: `http://localhost:3002/${cartVersion}/mf-manifest.json` },
    { name: 'mf_catalog_pages', entry: 'http://localhost:3003/1.0.0/mf-manifest.json' },
  ],
});

export { closeServer, listen, urlOf } from '@shop/server-kit/listening-server';

export interface ShellFixture {
  url: string;
  dir: string;
  remotes: RemotesConfigFile;
  errors: string[];
  close(): Promise<void>;
}

/** The real shell server over HTTP, on a built-looking dist folder and a remotes.json of its own. */
export async function startShell(
  options: Partial<Omit<ShellServerOptions, 'distDir' | 'remotes'>> & { cartServiceUrl: string },
): Promise<ShellFixture> {
  const dir = await mkdtemp(join(tmpdir(), 'shell-server-'));
  await mkdir(join(dir, 'dist/static/js'), { recursive: true });
  await writeFile(join(dir, 'dist/index.html'), '<!doctype html><meta charset="utf-8"><title>shop</title><div id="root"></div>');
  await writeFile(join(dir, 'dist/static/js/index.abc123.js'), 'console.log("shop");'.repeat(200));
  await writeFile(join(dir, 'remotes.json'), JSON.stringify(goodRemotes()));
  const errors: string[] = [];
  const log = { info: () => {}, error: (message: string) => void errors.push(message) };
  const remotes = await RemotesConfigFile.open(join(dir, 'remotes.json'), log);
  const server = await listen(await createShellServer({ distDir: join(dir, 'dist'), remotes, log, publicUrl: 'http://localhost:3000', ...options }));
  return {
    url: urlOf(server),
    dir,
    remotes,
    errors,
    async close() {
      remotes.close();
      await closeServer(server);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
