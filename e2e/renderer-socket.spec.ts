import { join } from 'node:path';
import { expect, test } from './support/test';
import { environmentNames, renderersOf, stillAlive } from './support/process-tree';
import { socketActivation } from './support/socket-activation';
import { repoRoot } from './support/stack-processes';
import { stackForThisFile } from './support/stack';
import { hasServerRenderedContent } from './support/stack-env';

// Decision 027 in production: renderers started by a socket-activated host as another user (deploy/), here with the
// test's process standing in for systemd.
let activation: Awaited<ReturnType<typeof socketActivation>>;
const stack = stackForThisFile({
  env: () => ({ RENDERER_SOCKET: activation.socketPath }),
  beforeStart: async () => {
    activation = await socketActivation([process.execPath, join(repoRoot, 'shell/dist/server/renderer-host.mjs')]);
  },
});
test.afterAll(() => activation?.close());

test('through RENDERER_SOCKET, pages are rendered by a renderer the host started, and it ends with its connection', async ({ request }) => {
  const html = await (await request.get(`${stack.url}/shop/face`)).text();
  expect(hasServerRenderedContent(html)).toBe(true);
  expect(html).toContain('Ajouter au panier');

  // The shell started none itself; the host's renderer has the permission flags and nothing of anyone's environment.
  expect(renderersOf(stack.pid('shell')!)).toEqual([]);
  const renderers = renderersOf(process.pid);
  expect(renderers).toHaveLength(1);
  const renderer = renderers[0]!;
  expect(renderer.argv.some((arg) => arg === '--permission' || arg === '--experimental-permission')).toBe(true);
  expect(environmentNames(renderer.pid)).toEqual(['NODE_ENV', 'TMPDIR']);

  // The shell going away closes the connection: the host kills its renderer and exits.
  await stack.stop('shell');
  await expect.poll(() => stillAlive(renderer), { timeout: 10_000 }).toBe(false);
  await expect.poll(() => activation.hosts.every((host) => host.exitCode !== null || host.signalCode !== null), { timeout: 10_000 }).toBe(true);
});
