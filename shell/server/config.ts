import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_CART_SERVICE_URL, DEFAULT_PORTS } from '@shop/contracts/ports';
import { remotesFileFor } from '@shop/server-kit/embedded-remotes';
import type { LogLevel } from '@shop/server-kit/logger';
import { logLevelSetting, originSetting, portSetting, readServerConfig, trustProxySetting, urlSetting } from '@shop/server-kit/server-config';
import { drainSetting } from '@shop/server-kit/graceful-stop';
import type { TrustProxy } from '@shop/server-kit/trusted-proxy';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** A path setting: unset or empty gives `fallback`; relative paths are from the working directory. */
const pathSetting = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((value) => resolve(value || fallback));

const Env = z.object({
  SHELL_PORT: portSetting(DEFAULT_PORTS.shell),
  SHELL_HOST: z.string().min(1).default('127.0.0.1'),
  CART_SERVICE_URL: urlSetting(DEFAULT_CART_SERVICE_URL),
  // The live remotes file; unset, the embedded one in shell/.data/, started from the tracked config/remotes.json
  // (decision 031): running the shop never changes a tracked file.
  REMOTES_CONFIG: z.string().optional(),
  SHELL_DIST: pathSetting(resolve(packageDir, 'dist')),
  // The shell is the shop's edge: nobody in front of it is trusted unless the operator says so (e.g. TRUST_PROXY=1
  // behind one TLS terminator), so a client can never pick its own address for cart-service's rate limits.
  TRUST_PROXY: trustProxySetting('none'),
  LOG_LEVEL: logLevelSetting,
  // Pages are rendered on the server from the live remote releases (decision 017); `off` sends the page for the
  // browser to render alone, as before.
  SERVER_RENDERING: z.enum(['on', 'off']).default('on'),
  // Where renderers are started as another user, one per connection (deploy/'s socket-activated unit, decision 027);
  // unset, the shell starts them as its own children, with the same permission flags.
  RENDERER_SOCKET: z.string().optional(),
  // How long a page may take on the server before its late parts are left to the browser (bench/: a page takes ~10 ms).
  RENDER_DEADLINE_MS: z.coerce.number().int().min(10).max(10_000).default(200),
  // How many release previews may have a renderer at once (decision 030): the least recently viewed one's ends first.
  PREVIEW_RENDERERS: z.coerce.number().int().min(1).max(20).default(2),
  // The shop's address as shoppers and crawlers reach it (canonical links, Open Graph, the sitemap): behind a proxy,
  // `https://www.example.ma`. Unset: http://localhost:<SHELL_PORT>.
  PUBLIC_URL: originSetting,
  // Release control (the console, revisions, canaries: @shop/release-control) is mounted in this process unless `off`:
  // then pages are composed from remotes.json as it is on disk, with no /operations and no /telemetry (a remote team's
  // harness, a test stack).
  RELEASE_CONTROL: z.enum(['on', 'off']).default('on'),
  // The renderers' verified copies of the releases' files (decision 032); unset, `release-cache/` beside remotes.json.
  RELEASE_CACHE_DIR: z.string().optional(),
  SHUTDOWN_DRAIN_MS: drainSetting,
});

export interface ShellConfig {
  port: number;
  host: string;
  /** Where /api and /images are proxied to. */
  cartServiceUrl: string;
  /** The operators' remotes.json, watched while the server runs. */
  remotesPath: string;
  /** The file `remotesPath` starts as a copy of when it does not exist yet: the embedded default's seed, else null. */
  remotesSeed: string | null;
  /** The shell's build (index.html and static/). */
  distDir: string;
  /** Proxies trusted to name the shopper's address and protocol (TRUST_PROXY); none by default. */
  trustProxy: TrustProxy;
  logLevel: LogLevel;
  serverRendering: boolean;
  /** A socket on which a host starts each renderer (RENDERER_SOCKET), or undefined: the shell starts them. */
  rendererSocket: string | undefined;
  renderDeadlineMs: number;
  /** How many release previews may have a renderer at once (PREVIEW_RENDERERS). */
  previewRenderers: number;
  /** The shop's public origin, for canonical links, link previews and the sitemap. */
  publicUrl: string;
  /** Mounts release control (RELEASE_CONTROL, on by default); off, the configuration is remotes.json as it is on disk. */
  releaseControl: boolean;
  /** Where the releases' verified files are kept for the renderers (RELEASE_CACHE_DIR). */
  releaseCacheDir: string;
  /** How long a stopping shell keeps serving with /readyz answering 503 (SHUTDOWN_DRAIN_MS, server-kit). */
  drainMs: number;
}

/** Reads the environment; throws one error listing every bad variable. */
export function loadShellConfig(env: NodeJS.ProcessEnv = process.env): ShellConfig {
  const e = readServerConfig('shell', Env, env);
  const remotes = remotesFileFor(e.REMOTES_CONFIG);
  return {
    port: e.SHELL_PORT,
    host: e.SHELL_HOST,
    cartServiceUrl: e.CART_SERVICE_URL,
    remotesPath: remotes.path,
    remotesSeed: remotes.seed,
    distDir: e.SHELL_DIST,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    serverRendering: e.SERVER_RENDERING === 'on',
    rendererSocket: e.RENDERER_SOCKET || undefined,
    renderDeadlineMs: e.RENDER_DEADLINE_MS,
    previewRenderers: e.PREVIEW_RENDERERS,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.SHELL_PORT}`,
    releaseControl: e.RELEASE_CONTROL === 'on',
    releaseCacheDir: resolve(e.RELEASE_CACHE_DIR || join(dirname(remotes.path), 'release-cache')),
    drainMs: e.SHUTDOWN_DRAIN_MS,
  };
}
