/**
 * A small release folder as a remote's build writes one (a manifest naming its Node build and a stylesheet, the Node
 * build, the stylesheet, and `mf-integrity.json` over all of them), served over HTTP on loopback, with what a test
 * needs to change a file behind the record's back or take the host down.
 */
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { digestOf } from '@shop/contracts/release-digest';
import { INTEGRITY_FILE } from '@shop/contracts/release-integrity';

export const FIXTURE_FILES: Record<string, string> = {
  'mf-manifest.json': JSON.stringify({
    name: 'mf_cart',
    metaData: {
      buildInfo: { buildVersion: '1.0.0' },
      remoteEntry: { name: 'static/js/mf_cart.js', path: '' },
      ssrRemoteEntry: { name: 'mf_cart.js', path: 'ssr' },
    },
    exposes: [{ name: 'CartDropdown', path: './CartDropdown', assets: { css: { sync: ['static/css/cart.css'], async: [] } } }],
  }),
  'ssr/mf_cart.js': 'module.exports = { cart: true };\n',
  'ssr/2mf_cart.js': 'exports.chunk = 2;\n',
  'static/js/mf_cart.js': 'window.mf_cart = {};\n',
  'static/css/cart.css': '.cart{color:#123}\n',
};

export interface FixtureRelease {
  /** The manifest's URL: what remotes.json names. */
  entry: string;
  /** Serves other bytes for `file` from now on (the record still names the published ones). */
  change(file: string, text: string): void;
  /** Stops answering (the host or bucket is down). */
  stop(): Promise<void>;
  remove(): Promise<void>;
}

/** Writes the release folder of mf_cart 1.0.0 into `folder`, with its integrity record unless told otherwise. */
export function writeFixtureRelease(folder: string, options: { withIntegrity?: boolean } = {}): void {
  const files = { ...FIXTURE_FILES };
  const integrity = { algorithm: 'sha384', files: Object.fromEntries(Object.entries(files).map(([file, text]) => [file, digestOf(text)])) };
  if (options.withIntegrity !== false) files[INTEGRITY_FILE] = JSON.stringify(integrity);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, file)), { recursive: true });
    writeFileSync(join(folder, file), text);
  }
}

export async function serveFixtureRelease(options: { withIntegrity?: boolean } = {}): Promise<FixtureRelease> {
  const root = mkdtempSync(join(tmpdir(), 'shop-release-'));
  const folder = join(root, '1.0.0');
  writeFixtureRelease(folder, options);
  const server: Server = createServer((request, response) => {
    try {
      const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
      response.end(readFileSync(join(root, path)));
    } catch {
      response.statusCode = 404;
      response.end();
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return {
    entry: `http://127.0.0.1:${port}/1.0.0/mf-manifest.json`,
    change: (file, text) => writeFileSync(join(folder, file), text),
    stop,
    remove: async () => {
      await stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
