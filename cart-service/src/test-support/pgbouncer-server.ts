import { spawn } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, unprivilegedUser } from './postgres-server';

/** The shop's pooling policy, the file production includes too. */
export const POOLING_POLICY = resolve(fileURLToPath(import.meta.url), '../../../../deploy/pgbouncer/pgbouncer.ini');

export interface PgBouncerServer {
  /** postgres://shop@127.0.0.1:<port>/<database>, through the pooler. */
  urlFor(database: string): string;
  stop(): Promise<void>;
}

/**
 * A throwaway PgBouncer (Debian's `pgbouncer`, or PGBOUNCER) in front of `postgresPort`, with the shop's pooling policy
 * (transaction pooling) and a small pool, so consecutive transactions of one client land on different server
 * connections and any session state a store relied on would show. Ready once a query goes through it.
 */
export async function startPgBouncer(postgresPort: number, { poolSize = 2 } = {}): Promise<PgBouncerServer> {
  const dir = mkdtempSync(join(tmpdir(), 'cart-service-pgbouncer-'));
  const runAs = unprivilegedUser();
  const port = await freePort();
  writeFileSync(join(dir, 'users.txt'), '"shop" ""\n');
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=127.0.0.1 port=${postgresPort}`,
      '[pgbouncer]',
      // Its lines, not an %include: PgBouncer runs as another user, who may not read the repository.
      readFileSync(POOLING_POLICY, 'utf8'),
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      `unix_socket_dir = ${dir}`,
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      `default_pool_size = ${poolSize}`,
      'reserve_pool_size = 0',
      '',
    ].join('\n'),
  );
  if (runAs) chownSync(dir, runAs.uid, runAs.gid);
  const binary = process.env.PGBOUNCER ?? 'pgbouncer';
  const child = spawn(binary, [join(dir, 'pgbouncer.ini')], { stdio: ['ignore', 'pipe', 'pipe'], cwd: '/', ...runAs });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.once('error', (error) => (output += `${binary}: ${error.message} (apt-get install pgbouncer, or set PGBOUNCER)\n`));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const urlFor = (database: string) => `postgres://shop@127.0.0.1:${port}/${database}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGINT'); // immediate shutdown
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  for (const deadline = Date.now() + 15_000; ; ) {
    if (child.exitCode !== null || output.includes('(apt-get install')) {
      await stop();
      throw new Error(`pgbouncer did not start:\n${output}`);
    }
    const probe = new pg.Client({ connectionString: urlFor('postgres'), connectionTimeoutMillis: 1_000 });
    try {
      await probe.connect();
      await probe.query('SELECT 1');
      await probe.end();
      return { urlFor, stop };
    } catch {
      await probe.end().catch(() => undefined);
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`pgbouncer not answering on port ${port} after 15 s:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
