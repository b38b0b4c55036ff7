/**
 * `npx -y pnpm@10.34.9 fleet [up|down|status|backup|backups|restore]`: the shop as a fleet on one machine
 * (docs/production.md, "The fleet"). `up` (the default) starts what is not running and waits until HAProxy sends to
 * every server and PostgreSQL has its synchronous standby; `down` stops what it started, by process id; `status` says
 * what runs and which PostgreSQL server leads; `backup [full|diff|incr]`, `backups` and `restore [--to <time>]` are
 * pgBackRest's (docs/production.md, "Backups").
 */
import { join } from 'node:path';
import { BACKUP_TYPES, listBackups, restoreCluster, takeBackup, type BackupType } from './backups';
import { fleetDown, fleetSettings, fleetStatus, fleetUp } from './fleet';
import { POSTGRES_SERVERS, publicUrl } from './fleet-plan';
import { leads, serverStates } from './postgres-servers';

const USAGE = 'usage: pnpm fleet [up|down|status|backup [full|diff|incr]|backups|restore [--to "2026-12-05 14:30:00+00"]]';

async function main(): Promise<number> {
  const [command = 'up', ...rest] = process.argv.slice(2);
  const settings = fleetSettings();
  const say = (line: string) => console.log(`[flotte] ${line}`);
  if (command === 'up') {
    const started = Date.now();
    await fleetUp(settings, say);
    console.log(`\n  La flotte est prête en ${((Date.now() - started) / 1000).toFixed(1)} s : ${publicUrl(settings.ports)}`);
    console.log(`  Métriques HAProxy : http://127.0.0.1:${settings.ports.haproxyMetrics}/metrics ; journaux : ${join(settings.dir, 'logs')}`);
    console.log('  Arrêt : npx -y pnpm@10.34.9 fleet down\n');
  } else if (command === 'down') {
    await fleetDown(settings, say);
  } else if (command === 'status') {
    for (const member of fleetStatus(settings)) console.log(`${member.name.padEnd(18)} ${member.running ? `en marche (pid ${member.pid})` : 'arrêté'}`);
    console.log('');
    for (const server of await serverStates(settings, POSTGRES_SERVERS)) {
      const role = !server.role ? 'ne répond pas' : leads(server) ? 'primaire (mène le cluster)' : server.sync ? 'standby synchrone' : 'standby';
      console.log(`${server.server.padEnd(18)} ${role}${server.state ? `, ${server.state}` : ''}${server.timeline ? `, timeline ${server.timeline}` : ''}`);
    }
  } else if (command === 'backup') {
    const type = (rest[0] ?? 'full') as BackupType;
    if (!BACKUP_TYPES.includes(type)) return usage();
    const started = Date.now();
    say(`sauvegarde ${type} prise : ${takeBackup(settings, type)} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } else if (command === 'backups') {
    for (const b of listBackups(settings)) {
      console.log(`${b.label.padEnd(36)} ${b.type.padEnd(5)} ${new Date(b.start).toISOString()} → ${new Date(b.stop).toISOString()}  ${(b.repoSize / 1024).toFixed(0)} Kio`);
    }
  } else if (command === 'restore') {
    const at = rest.indexOf('--to');
    const target = at >= 0 ? rest[at + 1] : undefined;
    if ((at >= 0 && !target) || (target && Number.isNaN(Date.parse(target)))) return usage();
    const ms = await restoreCluster(settings, { ...(target ? { target } : {}), log: say });
    say(`restauré en ${(ms / 1000).toFixed(1)} s ; prenez une sauvegarde complète : npx -y pnpm@10.34.9 fleet backup full`);
  } else {
    return usage();
  }
  return 0;
}

function usage(): number {
  console.error(USAGE);
  return 2;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[flotte] ${(error as Error).message}`);
    process.exit(1);
  },
);
