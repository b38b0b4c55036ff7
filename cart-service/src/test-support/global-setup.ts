import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate } from '../db/migrate';
import { openPgClient } from '../db/pg-client';
import { openPgliteClient } from '../db/pglite-client';
import { startPgBouncer } from './pgbouncer-server';
import { startPostgresServer } from './postgres-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The throwaway PostgreSQL server's maintenance database URL. */
    postgresUrl: string;
    /** A migrated database on it that each test database is created from. */
    postgresTemplate: string;
    /** A migrated PGlite folder that each test data folder starts as a copy of. */
    pgliteTemplate: string;
    /** PgBouncer in transaction pooling in front of that server: `{database}` stands for a database's name. */
    pgbouncerUrl: string;
  }
}

export const POSTGRES_TEMPLATE = 'shop_template';

/**
 * Once per test run: a real PostgreSQL server with PgBouncer in front of it, a migrated template database on the server,
 * and a migrated PGlite folder.
 * A test's database is then a copy (CREATE DATABASE … TEMPLATE, or a folder copy): fractions of a second instead of
 * an initdb each.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startPostgresServer();
  const admin = new pg.Client(server.url);
  await admin.connect();
  await admin.query(`CREATE DATABASE ${POSTGRES_TEMPLATE}`);
  await admin.end();
  const template = await openPgClient({ url: server.urlFor(POSTGRES_TEMPLATE) });
  await migrate(template);
  await template.close();

  const pgliteRoot = mkdtempSync(join(tmpdir(), 'cart-service-pglite-template-'));
  const pglite = await openPgliteClient(join(pgliteRoot, 'database'));
  await migrate(pglite);
  await pglite.close();

  // A pooler that cannot start must not leave the server it fronts running after the failed run.
  const pooler = await startPgBouncer(server.port).catch(async (error: unknown) => {
    await server.stop();
    throw error;
  });

  project.provide('postgresUrl', server.url);
  project.provide('pgbouncerUrl', pooler.urlFor('{database}'));
  project.provide('postgresTemplate', POSTGRES_TEMPLATE);
  project.provide('pgliteTemplate', join(pgliteRoot, 'database'));
  return async () => {
    await pooler.stop();
    await server.stop();
    rmSync(pgliteRoot, { recursive: true, force: true });
  };
}
