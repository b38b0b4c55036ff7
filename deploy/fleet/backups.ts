/**
 * The fleet's backups (decision 046), as an operator runs them: `fleet backup [full|diff|incr]` takes one with
 * pgBackRest into the backup store (WAL is archived continuously by each primary), `fleet backups` lists them, and
 * `fleet restore [--to <time>]` rebuilds the cluster from the store: the newest backup, then the archived WAL up to
 * the end (or to that time); the other server then copies the restored one.
 */
import { existsSync, renameSync, rmSync } from 'node:fs';
import { isRunning, stopDaemon } from './daemons';
import { pgbackrest } from './backup-store';
import { runAsDatabaseUser } from './datastores';
import { fleetUp, readState, writeState } from './fleet';
import { POSTGRES_SERVERS, type FleetSettings } from './fleet-plan';
import { hasData, patroniConfig, serverFolders, stopOrphanPostgres, writePatroniFile } from './postgres-servers';

export type BackupType = 'full' | 'diff' | 'incr';
export const BACKUP_TYPES: readonly BackupType[] = ['full', 'diff', 'incr'];

/** Takes a backup from the current primary; answers pgBackRest's label of it (e.g. 20261205-142038F_…I). */
export function takeBackup(settings: FleetSettings, type: BackupType): string {
  pgbackrest(settings, [`--type=${type}`, 'backup']);
  const backups = listBackups(settings);
  return backups.at(-1)!.label;
}

export interface BackupEntry {
  label: string;
  type: BackupType;
  /** When it started and stopped, ms since the epoch. */
  start: number;
  stop: number;
  /** What it stored (compressed), in bytes. */
  repoSize: number;
}

/** The stanza's backups, oldest first, from `pgbackrest info --output=json`. */
export function listBackups(settings: FleetSettings): BackupEntry[] {
  const [stanza] = JSON.parse(pgbackrest(settings, ['--output=json', 'info'])) as Array<{
    backup: Array<{ label: string; type: BackupType; timestamp: { start: number; stop: number }; info: { repository: { delta: number } } }>;
  }>;
  return (stanza?.backup ?? []).map((b) => ({ label: b.label, type: b.type, start: b.timestamp.start * 1000, stop: b.timestamp.stop * 1000, repoSize: b.info.repository.delta }));
}

/**
 * Forces the current WAL segment to the archive and waits until it is there (`pgbackrest check`): everything committed
 * before the call can then be restored, even if both servers are lost the next instant.
 */
export function archiveNow(settings: FleetSettings): void {
  pgbackrest(settings, ['check']);
}

/**
 * Rebuilds the cluster from the backup store. Stops both servers, sets aside what their data folders still hold
 * (`data.before-restore-<time>`, never deleted here), removes the cluster from etcd, then starts postgres-1 with
 * pgBackRest's restore as its bootstrap and postgres-2 as its copy. Answers how long it took, in ms.
 */
export async function restoreCluster(settings: FleetSettings, options: { target?: string; log?: (line: string) => void } = {}): Promise<number> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const state = readState(settings);
  for (const server of [...POSTGRES_SERVERS].reverse()) {
    const running = state[server];
    if (running && isRunning(running)) await stopDaemon(running, { graceMs: 30_000 });
    await stopOrphanPostgres(settings, server);
    delete state[server];
    writeState(settings, state);
    const { data } = serverFolders(settings, server);
    if (existsSync(data)) {
      const aside = `${data}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      if (hasData(settings, server)) renameSync(data, aside);
      else rmSync(data, { recursive: true, force: true });
      log(`${server} : données mises de côté (${aside})`);
    }
  }
  forgetCluster(settings);
  log(`restauration depuis le dépôt de sauvegardes${options.target ? ` jusqu'à ${options.target}` : ' jusqu’au dernier WAL archivé'}…`);
  await fleetUp(settings, log, { ...(options.target ? { target: options.target } : {}) });
  return Date.now() - started;
}

/** Removes the cluster's keys from etcd (`patronictl remove`), so that the next server to start bootstraps it again. */
function forgetCluster(settings: FleetSettings): void {
  const config = writePatroniFile(settings, 'postgres-1');
  const scope = String(patroniConfig(settings, 'postgres-1').scope);
  // Its servers were just stopped, but their keys live until their TTL ends: patronictl then still sees a leader.
  const members = JSON.parse(patronictl(['-c', config, 'list', '-f', 'json'])) as Array<{ Member: string; Role: string }>;
  const leader = members.find((m) => m.Role === 'Leader')?.Member ?? '';
  // patronictl asks for the cluster's name, a sentence, and the leader's name while one is known: its safeguards
  // against a slip of the hand, answered here because the operator asked for a restore.
  patronictl(['-c', config, 'remove', scope], `${scope}\nYes I am aware\n${leader}\n`);
}

const patronictl = (args: string[], input?: string) => runAsDatabaseUser(process.env.PATRONICTL ?? 'patronictl', args, input);
