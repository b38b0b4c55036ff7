import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

export const REDIS_SERVER_BIN = process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server';

export interface RedisServer {
  url: string;
  port: number;
  /** Stops the server (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
  /** Stops and starts it again on the same port (with `dir`, AOF data survives). */
  restart(): Promise<void>;
}

export interface RedisServerOptions {
  /** With a directory, the server persists with an fsync'd append-only file there. */
  dir?: string;
  bin?: string;
}

/**
 * Starts a real redis-server on a free loopback port and resolves once it accepts connections (its "Ready to accept
 * connections" line), never after a fixed sleep. A missing binary is a failure with a clear message, not a skip.
 */
export async function startRedisServer(options: RedisServerOptions = {}): Promise<RedisServer> {
  const bin = options.bin ?? REDIS_SERVER_BIN;
  if (!existsSync(bin)) {
    throw new Error(
      `redis-server not found at ${bin}: the Redis store tests need a real Redis. ` +
        'Install it (apt-get install redis-server) or set REDIS_SERVER_BIN.',
    );
  }
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const port = await freePort();
    try {
      let child = await launch(bin, port, options.dir);
      const server: RedisServer = {
        url: `redis://127.0.0.1:${port}`,
        port,
        stop: () => terminate(child),
        restart: async () => {
          await terminate(child);
          child = await launch(bin, port, options.dir);
        },
      };
      return server;
    } catch (error) {
      lastError = error; // most likely the port was taken in between: try another one
    }
  }
  throw lastError;
}

function launch(bin: string, port: number, dir: string | undefined): Promise<ChildProcess> {
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--protected-mode', 'yes'];
  args.push(...(dir ? ['--appendonly', 'yes', '--appendfsync', 'always', '--dir', dir] : ['--appendonly', 'no']));
  const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`redis-server did not become ready within 10 s:\n${output}`));
    }, 10_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        resolve(child);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (code ${code}) before it was ready:\n${output}`));
    });
  });
}

function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
