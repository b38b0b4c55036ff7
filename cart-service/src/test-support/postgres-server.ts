import { spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { execFileSync } from 'node:child_process';

export interface PostgresServer {
  /** postgres://shop@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** A URL for another database on the same server. */
  urlFor(database: string): string;
  /**
   * Stops the server as a crash would (immediate shutdown: no checkpoint, clients cut at once), keeping its folder and
   * port, so `restart` brings the same databases back where clients expect them, as a promoted standby would.
   */
  crash(): Promise<void>;
  /** Starts the server again on the same port, after crash recovery; resolved once it accepts connections. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** PostgreSQL's binaries: PG_BIN, else the newest /usr/lib/postgresql/<version>/bin (Debian), else pg_config's. */
export function postgresBinDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
    for (const version of versions) if (existsSync(join(root, version, 'bin/postgres'))) return join(root, version, 'bin');
  }
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error(
      'PostgreSQL was not found: the service tests and the fleet start a real PostgreSQL server. Install it ' +
        '(apt-get install postgresql) or set PG_BIN to the folder holding initdb and postgres.',
    );
  }
}

/**
 * A throwaway PostgreSQL cluster on a free loopback port: `initdb` in a temporary folder, then `postgres`, resolved once
 * it accepts connections (its "ready to accept connections" line), never after a fixed sleep. PostgreSQL refuses to
 * run as root, so as root both run as the unprivileged `postgres` (or `nobody`) user, owning the folder.
 * `fsync=off`: the folder is thrown away, and what the tests kill is cart-service or this server's processes, never
 * the machine: nothing written is lost.
 */
export async function startPostgresServer(): Promise<PostgresServer> {
  const bin = postgresBinDir();
  const dir = mkdtempSync(join(tmpdir(), 'cart-service-pg-'));
  const runAs = unprivilegedUser();
  if (runAs) chownSync(dir, runAs.uid, runAs.gid);
  const data = join(dir, 'data');
  await run(join(bin, 'initdb'), ['-D', data, '-U', 'shop', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync'], runAs);
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const port = await freePort();
    try {
      const args = ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'max_connections=200'];
      let child = await launch(join(bin, 'postgres'), args, runAs);
      const urlFor = (database: string) => `postgres://shop@127.0.0.1:${port}/${database}`;
      return {
        url: urlFor('postgres'),
        port,
        urlFor,
        crash: () => terminate(child, 'SIGQUIT'),
        restart: async () => {
          child = await launch(join(bin, 'postgres'), args, runAs);
        },
        stop: async () => {
          await terminate(child);
          rmSync(dir, { recursive: true, force: true });
        },
      };
    } catch (error) {
      lastError = error; // most likely the port was taken in between: try another one
    }
  }
  rmSync(dir, { recursive: true, force: true });
  throw lastError;
}

/** As root: the user PostgreSQL and PgBouncer run as (both refuse root). */
export function unprivilegedUser(): { uid: number; gid: number } | undefined {
  if (userInfo().uid !== 0) return undefined;
  for (const name of ['postgres', 'nobody']) {
    try {
      const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
      if (uid > 0) return { uid, gid };
    } catch {
      // try the next one
    }
  }
  throw new Error('Running as root and no unprivileged user (postgres, nobody) exists to run PostgreSQL and PgBouncer as.');
}

function run(command: string, args: string[], user: { uid: number; gid: number } | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], cwd: '/', ...user });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}:\n${output}`))));
  });
}

function launch(command: string, args: string[], user: { uid: number; gid: number } | undefined): Promise<ChildProcess> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], cwd: '/', ...user });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`postgres did not become ready within 20 s:\n${output}`));
    }, 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('ready to accept connections')) {
        clearTimeout(timer);
        child.stderr?.off('data', onData);
        child.stderr?.resume();
        child.stdout?.resume();
        resolve(child);
      }
    };
    child.stderr?.on('data', onData);
    child.stdout?.on('data', onData);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`postgres exited (code ${code}) before it was ready:\n${output}`));
    });
  });
}

/** SIGINT: fast shutdown, disconnects clients, no waiting for them. SIGQUIT: immediate shutdown, as a crash. */
function terminate(child: ChildProcess, signal: 'SIGINT' | 'SIGQUIT' = 'SIGINT'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
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
