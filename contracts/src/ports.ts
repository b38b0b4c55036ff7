import type { RemoteName } from './remotes';

/**
 * The shop's processes and where each listens by default: the local stack (`pnpm start`, `pnpm dev`), the remotes'
 * dev servers and the deployment examples all read these; an environment variable overrides each port. Files that
 * cannot import this module (shell/config/remotes*.json, deploy/env/shop.env.example) keep literal values, checked
 * against it by server-kit/src/default-ports.test.ts.
 */
export const SHOP_PROCESSES = ['shell', 'mf-frame', 'mf-cart', 'mf-catalog-pages', 'cart-service'] as const;

export type ShopProcess = (typeof SHOP_PROCESSES)[number];

export const DEFAULT_PORTS = {
  shell: 3000,
  'mf-frame': 3001,
  'mf-cart': 3002,
  'mf-catalog-pages': 3003,
  'cart-service': 4000,
} as const satisfies Record<ShopProcess, number>;

/** The environment variable that overrides each process's port. */
export const PORT_VARIABLES = {
  shell: 'SHELL_PORT',
  'mf-frame': 'MF_FRAME_PORT',
  'mf-cart': 'MF_CART_PORT',
  'mf-catalog-pages': 'MF_CATALOG_PAGES_PORT',
  'cart-service': 'CART_SERVICE_PORT',
} as const satisfies Record<ShopProcess, string>;

/** The package whose server (a release server, or a dev server) serves each remote. */
export const REMOTE_PACKAGES = {
  mf_frame: 'mf-frame',
  mf_cart: 'mf-cart',
  mf_catalog_pages: 'mf-catalog-pages',
} as const satisfies Record<RemoteName, ShopProcess>;

/** The shop's origin on a developer's machine: the default of SHOP_ORIGIN, which every server allows. */
export const DEFAULT_SHOP_ORIGIN = `http://localhost:${DEFAULT_PORTS.shell}`;

/** Where the shell's server (and the dev servers' proxies) find cart-service by default: CART_SERVICE_URL. */
export const DEFAULT_CART_SERVICE_URL = `http://127.0.0.1:${DEFAULT_PORTS['cart-service']}`;

/** A process's port: its environment variable when set, else its default (not validated: each server's config does). */
export function portFromEnv(process: ShopProcess, env: Record<string, string | undefined>): string {
  return env[PORT_VARIABLES[process]] ?? String(DEFAULT_PORTS[process]);
}

/**
 * The secrets each process reads, and only it (decision 027): a process started with the shop's environment gets none
 * of the others' (a remote's release server never holds the operators' token). The local stack's runner and the test
 * stacks start every process through `environmentFor`; deploy/'s units give each its own env file.
 */
export const SECRET_VARIABLES = {
  ADMIN_TOKEN: ['cart-service', 'shell'],
  SESSION_KEYS: ['cart-service'],
  DATABASE_URL: ['cart-service'],
  METRICS_TOKEN: ['shell'],
  REDIS_URL: ['shell'],
  // A tracing collector's credentials (decision 035): the shell and cart-service export with them; never the release
  // servers, and the shell never hands them to its renderers, where remote code runs.
  OTEL_EXPORTER_OTLP_HEADERS: ['cart-service', 'shell'],
  OTEL_EXPORTER_OTLP_TRACES_HEADERS: ['cart-service', 'shell'],
} as const satisfies Record<string, readonly ShopProcess[]>;

/** `env` without the secrets that are not `name`'s. */
export function environmentFor<Env extends Record<string, string | undefined>>(name: ShopProcess, env: Env): Env {
  const own = { ...env };
  for (const [variable, readers] of Object.entries(SECRET_VARIABLES)) {
    if (!(readers as readonly ShopProcess[]).includes(name)) delete own[variable];
  }
  return own;
}
