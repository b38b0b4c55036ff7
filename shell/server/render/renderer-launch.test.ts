import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { PassThrough, Duplex } from 'node:stream';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { remoteOnStack } from '../renderer-sandbox/access-sensor';
import { lineChannel } from '../renderer-sandbox/renderer-channel';
import { rendererReadablePaths } from './renderer-launch';

const shellDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// A build folder where Node's resolution finds the shell's packages, as dist/server does.
await mkdir(join(shellDir, 'node_modules/.cache'), { recursive: true });
const bundleDir = await mkdtemp(join(shellDir, 'node_modules/.cache/renderer-launch-'));
await writeFile(join(bundleDir, 'renderer.mjs'), 'const a = __rspack_createRequire_require("react-dom/server"); require("node:fs"); require("./local.mjs");');
afterAll(() => rm(bundleDir, { recursive: true, force: true }));

describe('what a renderer may read', () => {
  it('is its build folder and the packages it requires with their dependencies, nothing of the shop itself', async () => {
    const paths = rendererReadablePaths(bundleDir);
    const reactDom = await realpath(join(shellDir, 'node_modules/react-dom'));
    const scheduler = await realpath(join(reactDom, '../scheduler'));
    const covered = (file: string) => paths.some((path) => file === path || file.startsWith(`${path}/`));
    expect(covered(join(bundleDir, 'renderer.mjs'))).toBe(true);
    expect(covered(join(reactDom, 'server.node.js'))).toBe(true);
    expect(covered(join(scheduler, 'index.js'))).toBe(true);
    expect(covered(join(shellDir, 'node_modules/react-dom'))).toBe(true);
    for (const secret of ['.data/operators.json', '.data/remotes.json', '.data/metrics-token', 'config/remotes.json', 'server/config.ts', 'package.json']) {
      expect(covered(join(shellDir, secret)), secret).toBe(false);
    }
    expect(covered(join(shellDir, '../cart-service/.data'))).toBe(false);
    // Every entry is the build folder or a node_modules folder (or inside one).
    for (const path of paths) expect(path === bundleDir || /\/node_modules(\/|$)/.test(path), path).toBe(true);
    // Nothing above the workspace: folders searched for a package installed nowhere (an optional peer) are not listed.
    for (const path of paths) expect(path.startsWith(`${dirname(shellDir)}/`), path).toBe(true);
  });
});

describe('the remote whose code asked', () => {
  const names = ['mf_frame', 'mf_cart', 'mf_catalog_pages'];
  it('is the innermost frame of a release’s Node build, including code it evaluated', () => {
    const stack = [
      'Error: access',
      '    at Object.readFileSync (node:fs:441:20)',
      '    at eval (eval at fetchAndRun (mf_cart.js:110:13), <anonymous>:3:9)',
      '    at loadRemote (mf_frame.js:12:3)',
    ].join('\n');
    expect(remoteOnStack(stack, names)).toBe('mf_cart');
    expect(remoteOnStack('Error: access\n    at mf_catalog_pages.js:1:20', names)).toBe('mf_catalog_pages');
  });

  it('is nobody when no release’s frame is on the stack, or a file only ends like one', () => {
    expect(remoteOnStack('Error: access\n    at file:///srv/shell/dist/server/renderer.mjs:10:2', names)).toBeNull();
    expect(remoteOnStack('Error: access\n    at /srv/not_mf_frame.js:10:2', names)).toBeNull();
  });
});

describe('the renderer channel', () => {
  const pair = () => {
    const toRenderer = new PassThrough();
    const toShell = new PassThrough();
    const shellSide = Duplex.from({ readable: toShell, writable: toRenderer });
    // The channel ends by destroying its side, which aborts the pipes the other side shares.
    for (const stream of [toRenderer, toShell, shellSide]) stream.on('error', () => undefined);
    return { shellSide, rendererSide: Duplex.from({ readable: toRenderer, writable: toShell }) };
  };

  it('carries one message per line, whole, however the bytes are cut', async () => {
    const { shellSide, rendererSide } = pair();
    const received: unknown[] = [];
    lineChannel<unknown, unknown>(rendererSide, (message) => received.push(message), () => undefined);
    const page = { type: 'rendered', html: '<p>Ligne 1\nLigne 2 — « prix » 120,00 MAD</p>'.repeat(500) };
    const text = `${JSON.stringify(page)}\n${JSON.stringify({ type: 'alive' })}\n`;
    for (let i = 0; i < text.length; i += 777) shellSide.write(text.slice(i, i + 777));
    await expect.poll(() => received.length).toBe(2);
    expect(received).toEqual([page, { type: 'alive' }]);
  });

  it('ends on a line that is not JSON, and says why', async () => {
    const { shellSide, rendererSide } = pair();
    let reason = '';
    lineChannel(rendererSide, () => undefined, (why) => (reason = why));
    shellSide.write('console.log("oops")\n');
    await expect.poll(() => reason).toBe('a message that is not JSON');
  });
});
