import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';

export interface TestRedis {
  url: string;
  /** A new connected client (closed by `stop`). */
  client(): Redis;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * A throwaway redis-server on a free loopback port, without persistence (`REDIS_SERVER` names the binary; Debian:
 * `apt-get install redis-server`). Ready once it answers PING.
 */
export async function startRedis(): Promise<TestRedis> {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'shop-redis-'));
  const binary = process.env['REDIS_SERVER'] ?? 'redis-server';
  const child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let failure = '';
  child.stderr.on('data', (chunk: Buffer) => (failure += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('error', (error) => (failure += `${binary}: ${error.message} (install redis-server, or set REDIS_SERVER)`));
  const url = `redis://127.0.0.1:${port}`;
  const clients: Redis[] = [];
  const client = () => {
    const connection = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 1 });
    clients.push(connection);
    return connection;
  };
  const deadline = Date.now() + 10_000;
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined);
  for (;;) {
    if (child.exitCode !== null || failure.includes('install redis-server')) throw new Error(`redis-server did not start: ${failure}`);
    try {
      await probe.connect();
      await probe.ping();
      break;
    } catch {
      probe.disconnect();
      if (Date.now() > deadline) throw new Error(`redis-server not answering on ${url}: ${failure}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  probe.disconnect();
  return {
    url,
    client,
    async stop() {
      for (const connection of clients) connection.disconnect();
      child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
