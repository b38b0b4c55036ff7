import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_PORTS, DEFAULT_SHOP_ORIGIN } from '@shop/contracts/ports';
import type { LogLevel } from '@shop/server-kit/logger';
import {
  logLevelSetting,
  optionalListSetting,
  originListSetting,
  portSetting,
  readServerConfig,
  trustProxySetting,
} from '@shop/server-kit/server-config';
import { drainSetting } from '@shop/server-kit/graceful-stop';
import { edgePurgeUrlsSetting } from '@shop/server-kit/edge-purge';
import type { TrustProxy } from '@shop/server-kit/trusted-proxy';
import { MIN_SESSION_KEY_LENGTH } from './session/session-keys';

/** Where the shell's server runs by default: on this machine. */
export const DEFAULT_TRUST_PROXY = 'loopback';

const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const Env = z.object({
  CART_SERVICE_PORT: portSetting(DEFAULT_PORTS['cart-service']),
  CART_SERVICE_HOST: z.string().min(1).default('127.0.0.1'),
  SHOP_ORIGIN: originListSetting(DEFAULT_SHOP_ORIGIN),
  SESSION_KEYS: optionalListSetting.pipe(
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
  TRUST_PROXY: trustProxySetting(DEFAULT_TRUST_PROXY),
  LOG_LEVEL: logLevelSetting,
  SHUTDOWN_DRAIN_MS: drainSetting,
  NODE_ENV: z.string().optional(),
  // Product photos in an S3-compatible bucket (decision 044), with the SDK's usual variables (AWS_ENDPOINT_URL_S3 or
  // AWS_ENDPOINT_URL, AWS_REGION, the credentials chain), as releases are published; unset: the data directory.
  PHOTOS_BUCKET: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3 to 63 lowercase letters, digits, dots, hyphens)').optional(),
  ),
  PHOTOS_PREFIX: z.string().regex(/^[A-Za-z0-9_~/-]*$/, 'must be a key prefix like boutique/photos').default(''),
  AWS_ENDPOINT_URL_S3: z.preprocess((value) => (value === '' ? undefined : value), z.url().optional()),
  AWS_ENDPOINT_URL: z.preprocess((value) => (value === '' ? undefined : value), z.url().optional()),
  AWS_REGION: z.string().min(1).default('us-east-1'),
  // The shared page caches in front of the shells (decision 045): every Varnish of the fleet, comma-separated; a change
  // of a product's page purges its pages there. Unset: no cache to purge.
  EDGE_PURGE_URLS: edgePurgeUrlsSetting,
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
  logLevel: LogLevel;
  production: boolean;
  /** How long a stopping instance keeps serving with /readyz answering 503 (SHUTDOWN_DRAIN_MS, server-kit). */
  drainMs: number;
  /** Where photos' renditions go: a bucket (PHOTOS_BUCKET), else `<dataDir>/photos`. */
  photos: { kind: 'bucket'; bucket: string; prefix: string; endpoint: string | undefined; region: string } | { kind: 'folder'; dir: string };
  /** EDGE_PURGE_URLS: the caches purged when products' pages change (none: nothing purged). */
  edgePurgeUrls: string[];
}

/** Reads the environment; throws one error listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = readServerConfig('cart-service', Env, env);
  return {
    port: e.CART_SERVICE_PORT,
    host: e.CART_SERVICE_HOST,
    allowedOrigins: e.SHOP_ORIGIN,
    sessionKeys: e.SESSION_KEYS,
    dataDir: resolve(e.CART_DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    cataloguePath: e.CATALOGUE_PATH ? resolve(e.CATALOGUE_PATH) : undefined,
    adminToken: e.ADMIN_TOKEN || undefined,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    production: e.NODE_ENV === 'production',
    drainMs: e.SHUTDOWN_DRAIN_MS,
    photos: e.PHOTOS_BUCKET
      ? { kind: 'bucket', bucket: e.PHOTOS_BUCKET, prefix: e.PHOTOS_PREFIX.replace(/^\/+|\/+$/g, ''), endpoint: e.AWS_ENDPOINT_URL_S3 ?? e.AWS_ENDPOINT_URL, region: e.AWS_REGION }
      : { kind: 'folder', dir: resolve(e.CART_DATA_DIR, 'photos') },
    edgePurgeUrls: e.EDGE_PURGE_URLS,
  };
}
