import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SqlClient } from './sql-client';

export interface Migration {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Any number the other processes sharing the database also use: only one migrates at a time. */
const MIGRATION_LOCK = 7_264_113;

/** `NNN-name.sql` files, in version order; two files with one version, or a gap, is a packaging mistake. */
export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const migrations = readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => {
      const match = /^(\d{3})-([a-z0-9-]+)\.sql$/.exec(file);
      if (!match) throw new Error(`Migration file ${file} must be named NNN-name.sql.`);
      const sql = readFileSync(join(dir, file), 'utf8');
      return { version: Number(match[1]), name: match[2]!, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    })
    .sort((a, b) => a.version - b.version);
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) throw new Error(`Migrations must be numbered 001, 002, … without gaps (found ${migration.version} at position ${index + 1}).`);
  });
  return migrations;
}

export interface MigrationReport {
  applied: string[];
  /** Versions recorded in the database that this code does not know (a newer release migrated it). */
  unknown: number[];
}

/**
 * Brings the schema up to date: each pending migration runs in its own transaction with its row in
 * `schema_migrations`, under an advisory lock, so instances starting together migrate once. A migration already
 * applied whose file has changed since is refused: migrations are append-only.
 */
export async function migrate(client: SqlClient, migrations = readMigrations()): Promise<MigrationReport> {
  // Under the lock too: two concurrent CREATE TABLE IF NOT EXISTS can collide in PostgreSQL's catalogue.
  await client.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  });
  const applied: string[] = [];
  for (const migration of migrations) {
    const ran = await client.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const { rows } = await tx.query<{ checksum: string }>('SELECT checksum FROM schema_migrations WHERE version = $1', [migration.version]);
      if (rows[0]) {
        if (rows[0].checksum !== migration.checksum) {
          throw new Error(
            `Migration ${migration.version}-${migration.name} was changed after it was applied to this database. ` +
              'Migrations are append-only: restore the file and add a new migration instead.',
          );
        }
        return false;
      }
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [migration.version, migration.name, migration.checksum]);
      return true;
    });
    if (ran) applied.push(`${String(migration.version).padStart(3, '0')}-${migration.name}`);
  }
  const known = new Set(migrations.map((m) => m.version));
  const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
  return { applied, unknown: rows.map((row) => row.version).filter((version) => !known.has(version)) };
}
