/**
 * The operators' console API of a fleet, as the fault tests drive it: an operator account made with the operators'
 * command as the README says, and the live state, a switch and a canary through one shell's `/operations/api`; and
 * cart-service's admin API (stock, every stored order).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { RemoteName } from '@shop/contracts/remotes';
import type { SetStockBody } from '@shop/contracts/stock';
import { publicUrl, REPO_ROOT, type FleetSettings } from '../deploy/fleet/fleet-plan';
import { allOrderNumbers } from './acknowledged';

/** An operator account in the fleet's Redis; its API token. */
export async function operatorToken(settings: FleetSettings, name = 'fleet-faults'): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/operators-cli.ts', 'add', name], {
    cwd: join(REPO_ROOT, 'release-control'),
    env: { PATH: process.env.PATH, REDIS_URL: `redis://127.0.0.1:${settings.ports.redis}`, REMOTES_CONFIG: join(settings.dir, 'remotes.json') },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  child.stdin.end('mot-de-passe-flotte-2026\n');
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const token = /\b[A-Za-z0-9_-]{32,}\b/.exec(out)?.[0];
  if (code !== 0 || !token) throw new Error(`operators add exited ${code}: ${err}${out}`);
  return token;
}

/** One shell's console API, as an operator with `token`. */
export function fleetConsole(settings: FleetSettings, token: string, shell: 'shell-1' | 'shell-2' = 'shell-1') {
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Origin: publicUrl(settings.ports) };
  const api = `http://127.0.0.1:${settings.ports[shell]}/operations/api`;
  const revision = async () => ((await (await fetch(`${api}/state`, { headers })).json()) as { live: { revision: number } }).live.revision;
  const post = async (path: string, body: Record<string, unknown>) => {
    const answer = await fetch(`${api}${path}`, { method: 'POST', headers, body: JSON.stringify({ ...body, expectedRevision: await revision() }) });
    if (answer.status !== 200) throw new Error(`POST ${path} through ${shell} answered ${answer.status}: ${await answer.text()}`);
  };
  /** A release's manifest as the fleet serves it (through HAProxy's public front). */
  const entry = (folder: string, version: string) => `${publicUrl(settings.ports)}/releases/${folder}/${version}/mf-manifest.json`;
  return {
    entry,
    switch: (remote: RemoteName, entryUrl: string, reason = 'fault test') => post('/switch', { remote, entry: entryUrl, reason }),
    canary: (remote: RemoteName, entryUrl: string, share: number) => post('/canary', { remote, entry: entryUrl, share }),
    abortCanary: () => post('/canary/abort', {}),
  };
}

/** cart-service-1's admin API, with the fleet's admin token. */
export async function admin(settings: FleetSettings, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`http://127.0.0.1:${settings.ports['cart-service-1']}${path}`, {
    method,
    headers: { Authorization: `Bearer ${settings.secrets.adminToken}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

export async function setStock(settings: FleetSettings, productId: string, onHand: number): Promise<void> {
  const res = await admin(settings, 'PUT', `/admin/stock/${encodeURIComponent(productId)}`, { onHand } satisfies SetStockBody);
  if (res.status !== 200) throw new Error(`setting the stock of ${productId} answered ${res.status}: ${await res.text()}`);
}

/** Every order number cart-service holds (its operators' list). */
export const storedOrders = (settings: FleetSettings) => allOrderNumbers((path) => admin(settings, 'GET', path));
