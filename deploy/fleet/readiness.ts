/** How the fleet knows a member serves: by asking it as its clients would, never after a fixed sleep. */
import { connect } from 'node:net';
import pg from 'pg';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 100 ms until it answers true; a check that throws ends the wait with its error. */
export async function waitUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not ready after ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

export async function answersOk(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

/** `work` on a fresh connection to `url`, closed after; false when connecting or `work` fails. */
export async function withPg<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T | false> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  // A server that dies mid-query also emits 'error' on the client: the query's rejection already says it.
  client.on('error', () => undefined);
  try {
    await client.connect();
    return await work(client);
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export const pgAnswers = async (url: string) => (await withPg(url, (client) => client.query('SELECT 1').then(() => true))) === true;

/** PostgreSQL answers, and the shop's database exists (created on the first start; cart-service migrates it). */
export async function createDatabaseWhenMissing(maintenanceUrl: string, database: string): Promise<boolean> {
  const done = await withPg(maintenanceUrl, async (client) => {
    const { rows } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (rows.length === 0) await client.query(`CREATE DATABASE ${database}`);
    return true;
  });
  return done === true;
}

export function redisAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setTimeout(2_000, () => socket.destroy());
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
      if (answer.includes('\r\n')) socket.end();
    });
    socket.on('close', () => resolve(answer.startsWith('+PONG')));
    socket.on('error', () => resolve(false));
  });
}

/** Every server of these backends is UP, by HAProxy's own Prometheus metrics. */
export async function haproxyServersUp(metricsPort: number, backends: string[]): Promise<boolean> {
  let text: string;
  try {
    text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { signal: AbortSignal.timeout(2_000) })).text();
  } catch {
    return false;
  }
  const states = serverStates(text);
  return backends.every((backend) => {
    // A backend (all its servers) or one `backend/server` (a backup server is never checked).
    const servers = [...states].filter(([key]) => key === backend || key.startsWith(`${backend}/`));
    return servers.length > 0 && servers.every(([, state]) => state === 'UP');
  });
}

/** `backend/server` → its state, from the haproxy_server_status{proxy,server,state} series whose value is 1. */
export function serverStates(metrics: string): Map<string, string> {
  const states = new Map<string, string>();
  for (const match of metrics.matchAll(/^haproxy_server_status\{proxy="([^"]+)",server="([^"]+)",state="([^"]+)"\} 1$/gm)) {
    states.set(`${match[1]}/${match[2]}`, match[3]!);
  }
  return states;
}
