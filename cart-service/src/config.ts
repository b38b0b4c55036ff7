import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from '@shop/server-kit/trusted-proxy';
import { MIN_SESSION_KEY_LENGTH } from './session/session-keys';

/** Where the shell's server runs by default: on this machine. */
export const DEFAULT_TRUST_PROXY = 'loopback';

const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);

const origin = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
  } catch {
    return false;
  }
}, 'each origin must be scheme://host[:port] without a path or trailing slash, e.g. http://localhost:3000');

const Env = z.object({
  CART_SERVICE_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  CART_SERVICE_HOST: z.string().min(1).default('127.0.0.1'),
  SHOP_ORIGIN: z
    .string()
    .default('http://localhost:3000')
    .transform(list)
    .pipe(z.array(origin).min(1, 'at least one origin')),
  SESSION_KEYS: z
    .string()
    .optional()
    .transform((value) => (value === undefined ? undefined : list(value)))
    .pipe(
      z
        .array(z.string().min(MIN_SESSION_KEY_LENGTH, `each key must be at least ${MIN_SESSION_KEY_LENGTH} characters`))
        .optional(),
    ),
  CART_DATA_DIR: z.string().min(1).default(resolve(packageRoot, '.data')),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((value) => value === undefined || value === '' || /^postgres(?:ql)?:\/\//.test(value), 'must start with postgres:// or postgresql://'),
  CATALOGUE_PATH: z.string().min(1).optional(),
  ADMIN_TOKEN: z
    .string()
    .optional()
    .refine((value) => value === undefined || value === '' || value.length >= 32, 'must be at least 32 characters'),
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().optional(),
});

export interface Config {
  port: number;
  host: string;
  allowedOrigins: string[];
  sessionKeys: string[] | undefined;
  dataDir: string;
  /** A PostgreSQL server shared by every instance; unset: PGlite in `dataDir` (one instance). */
  databaseUrl: string | undefined;
  cataloguePath: string | undefined;
  /** Operators' bearer token for /admin/orders; unset disables those routes. */
  adminToken: string | undefined;
  /** Proxies trusted to name the shopper's address and protocol (TRUST_PROXY, default loopback: the shell). */
  trustProxy: TrustProxy;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  production: boolean;
}

/** Reads the environment; throws one error listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = Env.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  - ${issue.path.join('.') || '(env)'}: ${issue.message}`);
    throw new Error(`Invalid cart-service configuration:\n${lines.join('\n')}`);
  }
  const e = result.data;
  let trustProxy: TrustProxy;
  try {
    trustProxy = parseTrustProxy(e.TRUST_PROXY, DEFAULT_TRUST_PROXY);
  } catch (error) {
    throw new Error(`Invalid cart-service configuration:\n  - ${(error as Error).message}`);
  }
  return {
    port: e.CART_SERVICE_PORT,
    host: e.CART_SERVICE_HOST,
    allowedOrigins: e.SHOP_ORIGIN,
    sessionKeys: e.SESSION_KEYS,
    dataDir: resolve(e.CART_DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    cataloguePath: e.CATALOGUE_PATH ? resolve(e.CATALOGUE_PATH) : undefined,
    adminToken: e.ADMIN_TOKEN || undefined,
    trustProxy,
    logLevel: e.LOG_LEVEL,
    production: e.NODE_ENV === 'production',
  };
}
