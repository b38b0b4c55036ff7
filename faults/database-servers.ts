/**
 * What the database fault suite (faults/database.ts) does to the fleet's PostgreSQL servers, and how it reads them:
 * a server's death (its Patroni and its PostgreSQL, killed -9 together, as a machine that stops), and which server
 * leads.
 */
import { readState } from '../deploy/fleet/fleet';
import { POSTGRES_SERVERS, type FleetSettings, type PostgresServer } from '../deploy/fleet/fleet-plan';
import { isRunning } from '../deploy/fleet/daemons';
import { leads, postmasterPid, serverStates } from '../deploy/fleet/postgres-servers';
import { waitUntil } from '../deploy/fleet/readiness';

/** The server that leads now (Patroni's answer), or undefined while none does. */
export async function leader(settings: FleetSettings): Promise<PostgresServer | undefined> {
  return (await serverStates(settings, POSTGRES_SERVERS)).find(leads)?.server;
}

/**
 * Kills -9 a server as its machine would stop: Patroni and the PostgreSQL it started (in a session of its own, so
 * not in Patroni's process group) at once; PostgreSQL's other processes exit when they see their postmaster gone.
 */
export async function killServer(settings: FleetSettings, server: PostgresServer): Promise<number> {
  const patroni = readState(settings)[server];
  const postmaster = postmasterPid(settings, server);
  if (!patroni || postmaster === undefined) throw new Error(`${server} is not running (Patroni ${patroni?.pid}, PostgreSQL ${postmaster})`);
  const killedAt = Date.now();
  process.kill(patroni.pid, 'SIGKILL');
  process.kill(postmaster, 'SIGKILL');
  await waitUntil(async () => !isRunning(patroni) && postmasterPid(settings, server) === undefined, 10_000);
  return killedAt;
}
