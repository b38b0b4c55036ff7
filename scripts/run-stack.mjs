#!/usr/bin/env node
// Starts the whole shop: cart-service, the three remotes' servers and the shell, on the design's ports
// (environment variables override them). Ctrl-C, or any one process dying, stops them all.
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import concurrently from 'concurrently';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const { values } = parseArgs({ options: { dev: { type: 'boolean', default: false } } });
const dev = values.dev;

const ports = {
  SHELL_PORT: process.env.SHELL_PORT ?? '3000',
  MF_FRAME_PORT: process.env.MF_FRAME_PORT ?? '3001',
  MF_CART_PORT: process.env.MF_CART_PORT ?? '3002',
  MF_CATALOG_PAGES_PORT: process.env.MF_CATALOG_PAGES_PORT ?? '3003',
  CART_SERVICE_PORT: process.env.CART_SERVICE_PORT ?? '4000',
};
const shopUrl = `http://localhost:${ports.SHELL_PORT}`;
const env = {
  ...ports,
  SHOP_ORIGIN: process.env.SHOP_ORIGIN ?? shopUrl,
  CART_SERVICE_URL: process.env.CART_SERVICE_URL ?? `http://127.0.0.1:${ports.CART_SERVICE_PORT}`,
};

// Each package's own script, so the stack runs exactly what a team runs alone.
const script = dev ? 'dev' : 'serve';
const packages = [
  { name: 'cart-service', color: 'yellow' },
  { name: 'mf-frame', color: 'magenta' },
  { name: 'mf-cart', color: 'cyan' },
  { name: 'mf-catalog-pages', color: 'green' },
  { name: 'shell', color: 'blue' },
];

const { commands, result } = concurrently(
  packages.map(({ name, color }) => ({
    name,
    command: `npm run --silent ${script}`,
    cwd: resolve(root, name),
    env,
    prefixColor: color,
  })),
  { killOthersOn: ['failure', 'success'], prefix: 'name', handleInput: false },
);

// Say where the shop is once the shell and cart-service answer (readiness, not a fixed delay).
const started = Date.now();
const answers = async (url) => {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
};
(async function announceWhenReady() {
  while (Date.now() - started < 120_000) {
    if ((await answers(`${shopUrl}/healthz`)) && (await answers(`${env.CART_SERVICE_URL}/healthz`))) {
      console.log(`\n  La boutique est prête : ${shopUrl}\n  (Ctrl-C pour tout arrêter)\n`);
      return;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
})();

result.then(
  () => process.exit(0),
  (events) => {
    const failed = events.filter((e) => e.exitCode !== 0 && !e.killed).map((e) => e.command.name);
    if (failed.length) console.error(`Arrêt : ${failed.join(', ')} s'est arrêté.`);
    process.exit(failed.length ? 1 : 0);
  },
);
void commands;
