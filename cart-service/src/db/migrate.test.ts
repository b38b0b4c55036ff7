import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { newPostgresDatabase } from '../test-support/databases';
import { migrate, readMigrations } from './migrate';
import { openPgClient } from './pg-client';

describe('the migration runner', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function folder(files: Record<string, string>) {
    const dir = await mkdtemp(join(tmpdir(), 'migrations-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    for (const [name, sql] of Object.entries(files)) await writeFile(join(dir, name), sql);
    return dir;
  }

  /** An empty database (not the migrated template): the runner starts from nothing. */
  async function emptyDatabase() {
    const template = await newPostgresDatabase();
    cleanups.push(template.drop);
    const admin = new pg.Client(template.url);
    await admin.connect();
    await admin.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
    await admin.end();
    return template.url;
  }

  it('applies pending files once, in order, even when two instances start together', async () => {
    const url = await emptyDatabase();
    const dir = await folder({
      '001-first.sql': 'CREATE TABLE a (id integer PRIMARY KEY);',
      '002-second.sql': 'ALTER TABLE a ADD COLUMN note text; INSERT INTO a VALUES (1, $$x$$);',
    });
    const [one, two] = await Promise.all([openPgClient({ url }), openPgClient({ url })]);
    cleanups.push(() => one.close(), () => two.close());
    const reports = await Promise.all([migrate(one, readMigrations(dir)), migrate(two, readMigrations(dir))]);
    expect(reports.flatMap((r) => r.applied).sort()).toEqual(['001-first', '002-second']);
    expect((await one.query('SELECT count(*)::int AS n FROM a')).rows).toEqual([{ n: 1 }]);
    expect(await migrate(one, readMigrations(dir))).toEqual({ applied: [], unknown: [] });
  });

  it('refuses a file changed after it was applied, and reports versions it does not know', async () => {
    const url = await emptyDatabase();
    const client = await openPgClient({ url });
    cleanups.push(() => client.close());
    await migrate(client, readMigrations(await folder({ '001-first.sql': 'CREATE TABLE a (id integer);', '002-b.sql': 'CREATE TABLE b (id integer);' })));
    await expect(migrate(client, readMigrations(await folder({ '001-first.sql': 'CREATE TABLE a (id bigint);' })))).rejects.toThrow(
      'Migration 1-first was changed after it was applied',
    );
    const older = await migrate(client, readMigrations(await folder({ '001-first.sql': 'CREATE TABLE a (id integer);' })));
    expect(older.unknown).toEqual([2]);
  });

  it('refuses badly named or numbered files', async () => {
    await expect(folder({ '001-a.sql': '', '003-c.sql': '' }).then(readMigrations)).rejects.toThrow('without gaps');
    await expect(folder({ '1-a.sql': '' }).then(readMigrations)).rejects.toThrow('must be named NNN-name.sql');
  });

  it('ships migrations that apply on an empty database', async () => {
    const url = await emptyDatabase();
    const client = await openPgClient({ url });
    cleanups.push(() => client.close());
    const report = await migrate(client);
    expect(report.applied).toEqual(readMigrations().map((m) => `${String(m.version).padStart(3, '0')}-${m.name}`));
  });
});
