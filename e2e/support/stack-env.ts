/**
 * What every local test or bench stack agrees on: the five processes, a free loopback port for each, the environment
 * variables they read, and readiness by polling. Shared by e2e/support/stack.ts and bench/frontend/stack.ts; it
 * imports nothing from Playwright's test runner, so the bench can use it.
 */
import { createServer } from 'node:net';
import { join } from 'node:path';
import { PORT_VARIABLES, REMOTE_PACKAGES, SHOP_PROCESSES, type ShopProcess } from '@shop/contracts/ports';
import { REMOTE_NAMES, type RemoteName, type RemotesConfig } from '@shop/contracts/remotes';
import type { SetStockBody } from '@shop/contracts/stock';

/** The stack's five processes, named after their packages (contracts/src/ports.ts). */
export type ServiceName = ShopProcess;

export { REMOTE_PACKAGES };

export type StackPorts = Record<ServiceName, number>;

/** A free loopback port (for a process that needs one besides the stack's five, e.g. the shell's metrics). */
/**
 * Ports this process has handed out. The system picks a port for a listener on port 0 among the free ones, and one
 * closed a moment ago is free again: two calls in a row may return the same port, and two processes of one stack
 * would then share it (one of them cannot listen, and another answers in its place, e.g. a release server's 404 for
 * cart-service's `/api/products`). A port is handed out once per run.
 */
const handedOut = new Set<number>();

export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolvePort, reject) => {
      const server = createServer();
      server.unref();
      server.on('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
      });
    });
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    return port;
  }
}

/** A free port for each process of the stack. */
export async function freeStackPorts(): Promise<StackPorts> {
  const ports: Partial<StackPorts> = {};
  for (const name of SHOP_PROCESSES) ports[name] = await freePort();
  return ports as StackPorts;
}

/** A release's manifest URL on this stack's ports. */
export function remoteEntry(ports: StackPorts, name: RemoteName, version = '1.0.0'): string {
  return `http://localhost:${ports[REMOTE_PACKAGES[name]]}/${version}/mf-manifest.json`;
}

/** The remotes.json a stack starts with: every remote at `version` on its own static server. */
export function stackRemotes(ports: StackPorts, version = '1.0.0'): RemotesConfig {
  return { remotes: REMOTE_NAMES.map((name) => ({ name, entry: remoteEntry(ports, name, version) })) };
}

/**
 * The operators' token every test stack's cart-service is started with (its /admin routes: orders, stock). A fixed
 * test value, not a secret; cart-service wants 32 characters at least.
 */
export const ADMIN_TOKEN = 'e2e-operators-token-0123456789-abcdefghij';

/**
 * Sets a product's units on hand as an operator would: `PUT /admin/stock/:productId` on cart-service itself (the shell
 * does not proxy /admin), with the stack's operators' token. Answers the response; callers check it their own way.
 */
export function putStock(ports: StackPorts, productId: string, onHand: number): Promise<Response> {
  const body: SetStockBody = { onHand };
  return fetch(`http://127.0.0.1:${ports['cart-service']}/admin/stock/${encodeURIComponent(productId)}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
}

/**
 * The environment every process of a stack gets: its ports, the shop's origin, the operators' file and token, a data
 * folder.
 */
export function stackEnvironment(
  ports: StackPorts,
  files: { remotesFile: string; dataDir: string },
  sessionKey = 'e2e-session-key-not-a-secret-0123456789',
): Record<string, string> {
  return {
    ...(process.env as Record<string, string>),
    ...Object.fromEntries(SHOP_PROCESSES.map((name) => [PORT_VARIABLES[name], String(ports[name])])),
    CART_SERVICE_URL: `http://127.0.0.1:${ports['cart-service']}`,
    SHOP_ORIGIN: `http://localhost:${ports.shell}`,
    REMOTES_CONFIG: files.remotesFile,
    CART_DATA_DIR: join(files.dataDir, 'cart-data'),
    SESSION_KEYS: sessionKey,
    ADMIN_TOKEN,
    // A page's server render takes ~10 ms, but Chromium and a second stack share two cores here: a generous deadline
    // keeps a busy moment from leaving parts to the browser (which logs a warning the hydration tests look for).
    RENDER_DEADLINE_MS: '3000',
    // No metrics listener unless a test asks for one on a free port: the default 9464 is one per machine.
    METRICS_PORT: '0',
  };
}

/** Whether a page's HTML holds the server's render in #root (not the empty root left for the browser to render). */
export const hasServerRenderedContent = (html: string) => /<div id="root"[^>]*>\s*<[a-z]/i.test(html);

/** Polls a URL until it answers 2xx: readiness, never a fixed sleep. */
export async function waitForUrl(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
      lastError = new Error(`${url} answered ${response.status}`);
    } catch (error) {
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms: ${String(lastError)}`);
}
