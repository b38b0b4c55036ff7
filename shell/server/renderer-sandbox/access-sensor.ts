/**
 * What a renderer process reports of the accesses the platform refused it (decision 027). Node's permission model does
 * the refusing (reads outside the files the renderer loads, every write, child processes, workers, native addons); it
 * says nothing when it refuses, so this wraps the public entry points remote code can reach, lets each call through,
 * and reports the ones that came back refused, named after the remote whose code made them (the innermost frame of a
 * release's Node build on the call's stack). Code that evades the wrapper is still refused by the platform, only not
 * reported. Outbound connections, which Node 20 cannot refuse, are refused here for every address that is not a
 * configured origin, and by the system where the renderer runs under deploy/'s unit.
 */
import childProcess from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import workerThreads from 'node:worker_threads';

export interface RefusedAccess {
  /** The remote whose code asked, or null when no release's frame is on the stack. */
  remote: string | null;
  /** What was asked, e.g. `fs.readFileSync /proc/self/environ` or `net.connect 127.0.0.1:9464`. */
  access: string;
}

export interface SensorOptions {
  /** The remotes of this renderer's configuration: a release's Node build runs as `<remote>.js` (its entry's name). */
  remoteNames: readonly string[];
  /** The origins rendering connects to (the remotes' and cart-service's): every other TCP connection is refused. */
  allowedOrigins: readonly string[];
  report(refused: RefusedAccess): void;
}

const CONNECTION_REFUSED = 'ERR_RENDERER_CONNECTION_REFUSED';
const REFUSED_CODES = new Set(['ERR_ACCESS_DENIED', 'ERR_DLOPEN_DISABLED', CONNECTION_REFUSED]);
const connectionRefused = (message: string) => Object.assign(new Error(message), { code: CONNECTION_REFUSED });

/** host:port as a connection names it: lower case, an IPv6 address without brackets. */
const endpoint = (host: string, port: number | string) => `${host.replace(/^\[|\]$/g, '').toLowerCase()}:${port}`;
const endpointOf = (url: URL) => endpoint(url.hostname, url.port || (url.protocol === 'https:' ? 443 : 80));
const isRefusal = (error: unknown) => typeof error === 'object' && error !== null && REFUSED_CODES.has((error as { code?: string }).code ?? '');

/** The remote whose code is innermost on a stack, or null. */
export function remoteOnStack(stack: string, remoteNames: readonly string[]): string | null {
  if (remoteNames.length === 0) return null;
  const frame = new RegExp(`(?:^|[\\s(/])(${remoteNames.map((name) => name.replace(/[^\w]/g, '')).join('|')})\\.js:\\d`);
  for (const line of stack.split('\n').slice(1)) {
    const match = frame.exec(line);
    if (match) return match[1]!;
  }
  return null;
}

const describeArgument = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (value instanceof URL) return value.href;
  if (Buffer.isBuffer(value)) return value.toString();
  if (typeof value === 'number') return `fd ${value}`;
  return '';
};

export function installAccessSensor(options: SensorOptions): void {
  const allowed = new Set(options.allowedOrigins.map((origin) => endpointOf(new URL(origin))));
  const report = (what: string, caller: Error) => {
    const stack = caller.stack ?? '';
    options.report({ remote: remoteOnStack(stack, options.remoteNames), access: what.slice(0, 200) });
  };

  /** Wraps target[key]: the call goes through unchanged; a refusal (thrown, rejected or called back) is reported. */
  const watch = (target: Record<string, unknown>, key: string, label: string) => {
    const original = target[key];
    if (typeof original !== 'function' || /^[A-Z_]/.test(key)) return;
    const wrapped = function (this: unknown, ...args: unknown[]) {
      const caller = new Error('access');
      const what = `${label}.${key} ${describeArgument(args[0])}`.trim();
      const check = (error: unknown) => {
        if (isRefusal(error)) report(what, caller);
      };
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        args[last] = function (this: unknown, error: unknown, ...rest: unknown[]) {
          check(error);
          return (callback as (...a: unknown[]) => unknown).call(this, error, ...rest);
        };
      }
      try {
        const result: unknown = Reflect.apply(original as (...a: unknown[]) => unknown, this, args);
        if (result instanceof Promise) result.catch(check);
        return result;
      } catch (error) {
        check(error);
        throw error;
      }
    };
    Object.assign(wrapped, original);
    Object.defineProperty(wrapped, 'name', { value: key });
    target[key] = wrapped;
  };

  // `existsSync` answers false for a path it may not see, as its documentation says and later Node versions do; on
  // Node 20 it throws, and every release's chunk loader asks it for its own chunks before fetching them over HTTP. An
  // existence probe learns nothing either way, so it is neither refused loudly nor reported.
  const existsSync = fs.existsSync;
  fs.existsSync = (path) => {
    try {
      return existsSync(path);
    } catch (error) {
      if (isRefusal(error)) return false;
      throw error;
    }
  };
  for (const key of Object.keys(fs)) if (key !== 'existsSync') watch(fs as unknown as Record<string, unknown>, key, 'fs');
  for (const key of Object.keys(fs.promises)) watch(fs.promises as unknown as Record<string, unknown>, key, 'fs.promises');
  for (const key of ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork']) {
    watch(childProcess as unknown as Record<string, unknown>, key, 'child_process');
  }
  watch(process as unknown as Record<string, unknown>, 'dlopen', 'process');
  watch(process as unknown as Record<string, unknown>, 'binding', 'process');

  const OriginalWorker = workerThreads.Worker;
  (workerThreads as { Worker: unknown }).Worker = new Proxy(OriginalWorker, {
    construct(target, args: unknown[]) {
      const caller = new Error('access');
      try {
        return Reflect.construct(target, args) as object;
      } catch (error) {
        if (isRefusal(error)) report(`worker_threads.Worker ${describeArgument(args[0])}`, caller);
        throw error;
      }
    },
  });

  // Connections: every TCP connection (fetch, http, raw sockets) goes through Socket.prototype.connect.
  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    const first = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
    const target =
      typeof first === 'object' && first !== null
        ? (first as { host?: string; port?: number | string; path?: string | null })
        : typeof first === 'number' || /^\d+$/.test(String(first))
          ? { port: first as number, host: typeof args[1] === 'string' ? args[1] : 'localhost' }
          : { path: String(first) };
    // Node's http agent passes `path: null` for a TCP connection: only a path that is a string is a socket's.
    const socketPath = typeof target.path === 'string' ? target.path : undefined;
    const where = socketPath !== undefined ? `unix:${socketPath}` : `${target.host ?? 'localhost'}:${target.port}`;
    if (socketPath !== undefined || !allowed.has(endpoint(target.host ?? 'localhost', Number(target.port)))) {
      report(`net.connect ${where}`, new Error('access'));
      const refused = connectionRefused(`connection refused by the renderer: ${where} is not a configured origin`);
      process.nextTick(() => this.destroy(refused));
      return this;
    }
    return Reflect.apply(connect, this, args) as net.Socket;
  } as typeof connect;

  // fetch connects later, from undici's own frames: checked here too, so the refusal names the code that asked.
  const networkFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    if (!allowed.has(endpointOf(url))) {
      report(`fetch ${url.origin}${url.pathname}`, new Error('access'));
      return Promise.reject(connectionRefused(`fetch refused by the renderer: ${url.origin} is not a configured origin`));
    }
    return networkFetch(input, init);
  };

  // Datagrams (and DNS tunnelling through them) have no use in rendering a page.
  (dgram as { createSocket: unknown }).createSocket = (...args: unknown[]) => {
    report(`dgram.createSocket ${describeArgument(args[0])}`, new Error('access'));
    throw connectionRefused('datagram sockets are refused to the renderer');
  };

  // `import { readFileSync } from 'node:fs'` in code loaded after this sees the wrapped functions too.
  syncBuiltinESMExports();
}
