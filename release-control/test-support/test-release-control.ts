import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_ROLLBACK_RULE, type RollbackRule } from '@shop/contracts/progressive-delivery';
import { REMOTE_NAMES, type RemotesConfig } from '@shop/contracts/remotes';
import { addOperator } from '../server/accounts/add-operator';
import type { LoginLimitSettings } from '../server/accounts/login-limits';
import type { ProgressiveDelivery } from '../server/canary/open-progressive-delivery';
import type { ShopMetrics } from '../server/metrics/shop-metrics';
import type { OperationsStores } from '../server/open-operations';
import { openReleaseControlParts, releaseControlOf, type ReleaseControl, type ReleaseControlOptions } from '../server/release-control';
import type { FakeReleaseHosts } from './release-hosts';

export const PASSWORD = 'un-mot-de-passe-solide';

export interface TestReleaseControlOptions {
  releases: FakeReleaseHosts;
  /** The shop's public origin (PUBLIC_URL). */
  publicUrl: string;
  redisUrl?: string;
  redisPrefix?: string;
  operator?: string;
  /** Progressive delivery: the rollback rule, how often it is checked, the telemetry limits. */
  rule?: RollbackRule;
  checkIntervalMs?: number;
  limits?: { perAddressPerMinute: number; perBrowserPerMinute: number };
  /** Login limits and password checks other than the shop's (smaller, so a test reaches them quickly). */
  loginLimits?: LoginLimitSettings;
  passwordChecks?: { concurrency: number; waiting: number };
  /** RELEASES_PUBLIC_URL (the fake hosts' store: `releases.storeUrl`) and ALLOWED_RELEASE_ORIGINS; unset by default. */
  releasesPublicUrl?: string;
  allowedReleaseOrigins?: string[];
  /** Where release control logs (nowhere by default): a test that reads what was logged passes its own. */
  log?: ReleaseControlOptions['log'];
  /** The cart-service the console's orders and catalogue call, with its ADMIN_TOKEN; none by default. */
  cartService?: { url: string; adminToken: string };
  /** EDGE_PURGE_URLS: the caches purged after each change (a test's stand-in for Varnish); none by default. */
  edgePurgeUrls?: string[];
}

export interface TestReleaseControl {
  control: ReleaseControl;
  /** Its parts, for a test to look into (the stores, the canary's counts and watch). */
  stores: OperationsStores;
  delivery: ProgressiveDelivery;
  metrics: ShopMetrics;
  /** The API token of the test's operator (`amina`). */
  token: string;
  close(): Promise<void>;
}

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * Release control as the shell opens it, in a folder of its own: remotes.json with every remote's 1.0.0 on the fake
 * release hosts, a console build of one page and one script, an operator, and the limits a test asks for.
 */
export async function openTestReleaseControl(options: TestReleaseControlOptions): Promise<TestReleaseControl> {
  const dir = await mkdtemp(join(tmpdir(), 'release-control-'));
  const consoleDir = join(dir, 'console');
  await mkdir(join(consoleDir, 'static/js'), { recursive: true });
  await writeFile(join(consoleDir, 'index.html'), '<!doctype html><html lang="fr"><title>Console des opérations</title><div id="root"></div>');
  await writeFile(join(consoleDir, 'static/js/operations.abc123.js'), 'console.log("console");');
  const config: RemotesConfig = { remotes: REMOTE_NAMES.map((name) => ({ name, entry: options.releases.entry(name, '1.0.0') })) };
  await writeFile(join(dir, 'remotes.json'), JSON.stringify(config));
  const rule = options.rule ?? DEFAULT_ROLLBACK_RULE;
  const settings = {
    remotesPath: join(dir, 'remotes.json'),
    redisUrl: options.redisUrl,
    redisPrefix: options.redisPrefix ?? 'test:',
    historyPath: join(dir, 'remotes.history.json'),
    operatorsPath: join(dir, 'operators.json'),
    previewsPath: join(dir, 'remotes.previews.json'),
    allowedReleaseOrigins: options.allowedReleaseOrigins,
    releasesPublicUrl: options.releasesPublicUrl,
    adminToken: options.cartService?.adminToken,
    canary: { rule, checkIntervalMs: options.checkIntervalMs ?? 60_000, sampleRate: 1 },
    metrics: null,
    edgePurgeUrls: options.edgePurgeUrls ?? [],
  };
  const controlOptions = {
    config: settings,
    shellShared: { react: '19.3.1' },
    requireServerBuild: true,
    cartServiceUrl: options.cartService?.url ?? 'http://127.0.0.1:9',
    publicUrl: options.publicUrl,
    consoleDir,
    log: options.log ?? quiet,
  };
  const parts = await openReleaseControlParts(controlOptions, {
    probeIntervalMs: 0,
    ...(options.loginLimits ? { login: options.loginLimits } : {}),
    ...(options.passwordChecks ? { passwordChecks: options.passwordChecks } : {}),
    ...(options.limits ? { beacons: options.limits } : {}),
  }).catch(async (error: unknown) => {
    // A start refused (a test of the configuration's checks) leaves no folder behind.
    await rm(dir, { recursive: true, force: true });
    throw error;
  });
  const { token } = await addOperator(parts.operations.operators, options.operator ?? 'amina', PASSWORD);
  const control = releaseControlOf(parts, controlOptions);
  return {
    control,
    stores: parts.operations,
    delivery: parts.delivery,
    metrics: parts.metrics,
    token,
    async close() {
      await control.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
