/**
 * `npx -y pnpm@10.34.9 fleet [up|down|status]`: the shop as a fleet on one machine (docs/production.md, "The fleet").
 * `up` (the default) starts what is not running and waits until HAProxy sends to every server; `down` stops what it
 * started, by process id; `status` says what runs.
 */
import { join } from 'node:path';
import { fleetDown, fleetSettings, fleetStatus, fleetUp } from './fleet';
import { publicUrl } from './fleet-plan';

async function main(): Promise<void> {
  const command = process.argv[2] ?? 'up';
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
  } else {
    console.error('usage: pnpm fleet [up|down|status]');
    process.exit(2);
  }
}

main().catch((error: unknown) => {
  console.error(`[flotte] ${(error as Error).message}`);
  process.exit(1);
});
