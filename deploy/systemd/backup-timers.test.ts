import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PGBACKREST_STANZA } from '../fleet/backup-store';
import { BACKUP_TYPES } from '../fleet/backups';

const here = import.meta.dirname;
const read = (file: string) => readFileSync(join(here, file), 'utf8');
const setting = (text: string, key: string) => text.match(new RegExp(`^${key}=(.*)$`, 'm'))?.[1];
const timers = readdirSync(here).filter((file) => /^maison-argane-backup-.*\.timer$/.test(file));

/** The days of the week a timer's OnCalendar fires on, by systemd's own reading of it. */
function days(calendar: string): string[] {
  const out = execFileSync('systemd-analyze', ['calendar', '--iterations=7', calendar], { encoding: 'utf8' });
  return [...new Set([...out.matchAll(/(?:Next elapse|Iter\. #\d+): (\w{3}) /g)].map((m) => m[1]!))].sort();
}

describe('scheduled backups (deploy/systemd)', () => {
  it('the backup service runs pgBackRest on the fleet’s stanza, with the type its instance names', () => {
    const service = read('maison-argane-backup@.service');
    expect(setting(service, 'ExecStart')).toBe(`/usr/bin/pgbackrest --stanza=${PGBACKREST_STANZA} --type=%i backup`);
    expect(setting(service, 'User')).toBe('postgres');
    expect(setting(service, 'Type')).toBe('oneshot');
  });

  it('each timer starts an instance of that service whose type pgBackRest knows', () => {
    expect(timers.sort()).toEqual(['maison-argane-backup-full.timer', 'maison-argane-backup-incr.timer']);
    for (const timer of timers) {
      const unit = setting(read(timer), 'Unit');
      const type = unit?.match(/^maison-argane-backup@(\w+)\.service$/)?.[1];
      expect(BACKUP_TYPES, `${timer} starts ${unit}`).toContain(type);
      expect(timer).toContain(`-${type}.timer`);
    }
  });

  it('a full backup once a week and an incremental on each other day, never both the same day', () => {
    const full = days(setting(read('maison-argane-backup-full.timer'), 'OnCalendar')!);
    const incr = days(setting(read('maison-argane-backup-incr.timer'), 'OnCalendar')!);
    expect(full).toHaveLength(1);
    expect(incr).toHaveLength(6);
    expect([...full, ...incr].sort()).toEqual(['Fri', 'Mon', 'Sat', 'Sun', 'Thu', 'Tue', 'Wed']);
  });
});
