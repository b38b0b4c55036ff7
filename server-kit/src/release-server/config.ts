import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { DEFAULT_PORTS, DEFAULT_SHOP_ORIGIN, PORT_VARIABLES, REMOTE_PACKAGES } from '@shop/contracts/ports';
import { REMOTE_NAMES, type RemoteName } from '@shop/contracts/remotes';
import type { LogLevel } from '../logger';
import { logLevelSetting, originListSetting, portSetting, readServerConfig } from '../server-config';

export interface ReleaseServerConfig {
  remote: RemoteName;
  /** The folder holding the remote's releases side by side (`dist/1.0.0/`, `dist/1.0.1/`), absolute. */
  root: string;
  port: number;
  host: string;
  /** The shop's origins, allowed to fetch the manifests with CORS (SHOP_ORIGIN). */
  allowedOrigins: string[];
  logLevel: LogLevel;
}

const Settings = z.object({
  '--remote': z.enum(REMOTE_NAMES, `must be one of ${REMOTE_NAMES.join(', ')}`),
  '--dir': z.string().min(1).default('dist'),
  REMOTE_HOST: z.string().min(1).default('127.0.0.1'),
  SHOP_ORIGIN: originListSetting(DEFAULT_SHOP_ORIGIN),
  LOG_LEVEL: logLevelSetting,
});

/**
 * `shop-release-server --remote <name> [--dir <folder>]` (the last `--dir` wins, so a caller may append one) with
 * the environment: the remote's port variable (MF_CART_PORT…, contracts/src/ports.ts), REMOTE_HOST, SHOP_ORIGIN,
 * LOG_LEVEL. Throws one error listing every problem.
 */
export function loadReleaseServerConfig(args: string[], env: NodeJS.ProcessEnv, cwd = process.cwd()): ReleaseServerConfig {
  let values: { remote?: string | undefined; dir?: string | undefined };
  try {
    ({ values } = parseArgs({ args, options: { remote: { type: 'string' }, dir: { type: 'string' } } }));
  } catch (error) {
    throw new Error(`Invalid release server configuration:\n  - (command line): ${(error as Error).message}`, { cause: error });
  }
  // The port's variable depends on the remote: checked once the remote is known.
  const remote = REMOTE_NAMES.find((name) => name === values.remote);
  const portVariable = remote ? PORT_VARIABLES[REMOTE_PACKAGES[remote]] : undefined;
  const schema = portVariable
    ? Settings.extend({ [portVariable]: portSetting(DEFAULT_PORTS[REMOTE_PACKAGES[remote!]]) })
    : Settings;
  const settings = readServerConfig('release server', schema, { ...env, '--remote': values.remote, '--dir': values.dir }) as z.output<
    typeof Settings
  > &
    Record<string, unknown>;
  return {
    remote: settings['--remote'],
    root: resolve(cwd, settings['--dir']),
    port: settings[portVariable!] as number,
    host: settings.REMOTE_HOST,
    allowedOrigins: settings.SHOP_ORIGIN,
    logLevel: settings.LOG_LEVEL,
  };
}
