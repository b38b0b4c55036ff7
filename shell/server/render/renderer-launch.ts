/**
 * Starts a renderer process with the least privilege Node offers (decision 027): a fresh empty working folder of its
 * own, no environment but NODE_ENV, reads of exactly the files it loads (the shell's Node build and the npm packages
 * that build requires, with their dependencies), no writes, no child processes, no workers, no native addons, a capped
 * heap. Its messages travel on file descriptor 3 (renderer-channel.ts); what it prints is the remotes' output.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join, parse } from 'node:path';
import { createConnection } from 'node:net';
import type { Duplex, Readable } from 'node:stream';

/** The renderer's entry in the shell's Node build (`dist/server/`, beside `server-render.mjs`). */
export const RENDERER_ENTRY = 'renderer.mjs';
/** A renderer's heap: a configuration's modules and a page or two in flight (~60 MB in use here). */
export const RENDERER_HEAP_MB = 256;

/** Node 20 names the permission model `--experimental-permission`; later versions `--permission`. */
const PERMISSION_FLAG = process.allowedNodeEnvironmentFlags.has('--permission') ? '--permission' : '--experimental-permission';
/**
 * Node 25 refuses the network under the permission model unless told otherwise, all or nothing: the renderer needs the
 * configured origins, which it limits itself (access-sensor.ts) and the system limits in production.
 */
const NETWORK_FLAGS = process.allowedNodeEnvironmentFlags.has('--allow-net') ? ['--allow-net'] : [];

const packageNameOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/** The npm packages a built file requires (Rsbuild writes externals as `require("name")` through createRequire). */
function requiredPackages(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const names = new Set<string>();
  for (const match of text.matchAll(/require\("([^"./][^"]*)"\)/g)) {
    if (!isBuiltin(match[1]!)) names.add(packageNameOf(match[1]!));
  }
  return [...names];
}

/**
 * The paths a renderer may read: the build folder, and for every package it loads (and every package those load) the
 * package's own folder and the node_modules folders Node's resolution looks in on the way. Node 20 checks each lookup
 * against the list and mishandles listed paths that are prefixes of one another in name (`…/react` beside
 * `…/react-dom`: the first is refused), so a lookup folder is listed whole rather than each package in it: those
 * folders hold installed packages only (with pnpm, one package and links to its own dependencies), never the shop's
 * configuration, data or secrets.
 */
export function rendererReadablePaths(bundleDir: string): string[] {
  const readable = new Set<string>([bundleDir]);
  const seen = new Set<string>();
  const queue: Array<{ name: string; from: string }> = [];
  for (const file of readdirSync(bundleDir).filter((name) => name.endsWith('.mjs'))) {
    for (const name of requiredPackages(join(bundleDir, file))) queue.push({ name, from: bundleDir });
  }
  while (queue.length > 0) {
    const { name, from } = queue.shift()!;
    let found: string | undefined;
    const lookedIn: string[] = [];
    for (let dir = from; dir !== parse(dir).root; dir = dirname(dir)) {
      if (basename(dir) === 'node_modules') continue;
      const candidate = join(dir, 'node_modules', name);
      lookedIn.push(join(dir, 'node_modules'));
      if (existsSync(join(candidate, 'package.json'))) {
        found = realpathSync(candidate);
        break;
      }
    }
    // A package installed nowhere (an optional peer) is never loaded: the folders searched for it are not listed.
    if (!found) continue;
    for (const folder of lookedIn) readable.add(folder);
    if (seen.has(found)) continue;
    seen.add(found);
    readable.add(found);
    const manifest = JSON.parse(readFileSync(join(found, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
    const dependencies = { ...manifest.dependencies, ...manifest.peerDependencies, ...manifest.optionalDependencies };
    for (const dependency of Object.keys(dependencies)) queue.push({ name: dependency, from: found });
  }
  // A path inside another listed path adds nothing (and nested entries are what Node 20's list handles worst).
  const paths = [...readable].sort();
  return paths.filter((path) => !paths.some((other) => other !== path && path.startsWith(`${other}/`)));
}

export interface LaunchedRenderer {
  /** The renderer's process id where this process started it (undefined through a socket: another user's process). */
  pid: number | undefined;
  /** The message channel's stream (file descriptor 3 on the renderer's side). */
  stream: Duplex;
  /** What the renderer prints (the remotes' console output), where it reaches this process. */
  output: Readable[];
  /** Settles once the renderer has gone (exited, killed, or its connection closed), with its exit code if known. */
  exited: Promise<number | null>;
  /** Ends the renderer at once (SIGKILL here; through a socket, the connection, on which its host kills it). */
  kill(): void;
}

/** Lists of readable paths per build folder: computed once, they only change with a new build and restart. */
const readableCache = new Map<string, string[]>();

/** Starts a renderer as a child of this process. */
export function launchRenderer(bundleDir: string): LaunchedRenderer {
  const readable = readableCache.get(bundleDir) ?? rendererReadablePaths(bundleDir);
  readableCache.set(bundleDir, readable);
  // Its own working folder, empty and private: a release's chunk loader looks for files in the working folder first.
  const workDir = mkdtempSync(join(tmpdir(), 'shop-renderer-'));
  const child = spawn(
    process.execPath,
    [
      PERMISSION_FLAG,
      ...[...readable, workDir].map((path) => `--allow-fs-read=${path}`),
      ...NETWORK_FLAGS,
      '--disable-warning=ExperimentalWarning',
      `--max-old-space-size=${RENDERER_HEAP_MB}`,
      join(bundleDir, RENDERER_ENTRY),
    ],
    {
      cwd: workDir,
      // Nothing inherited: no secret of the shell's environment, no NODE_OPTIONS that would load anything more.
      env: { NODE_ENV: 'production', TMPDIR: workDir },
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<number | null>((resolve) => {
    child.once('close', resolve);
    child.once('error', () => resolve(null));
  });
  void exited.then(() => rmSync(workDir, { recursive: true, force: true }));
  return {
    pid: child.pid,
    stream: child.stdio[3] as Duplex,
    output: [child.stdout!, child.stderr!],
    exited,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

/**
 * A renderer started for this connection by a host of its own (RENDERER_SOCKET, deploy/'s socket-activated unit):
 * another user, another sandbox; it ends when the connection closes (renderer-host.ts).
 */
export function connectRenderer(socketPath: string): LaunchedRenderer {
  const socket = createConnection(socketPath);
  return {
    pid: undefined,
    stream: socket,
    output: [],
    exited: new Promise((resolve) => socket.once('close', () => resolve(null))),
    kill: () => socket.destroy(),
  };
}
