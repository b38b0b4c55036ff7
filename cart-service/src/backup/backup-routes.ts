import { Readable } from 'node:stream';
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { ApiError, messagesIn } from '../http/api-error';
import { languageOf } from '../http/language';
import type { ShopStore } from '../store/open-store';

export interface BackupRouteDeps {
  store: Pick<ShopStore, 'dumpDatabase'>;
  /** The operators' authentication (adminAuth). */
  authenticated: Middleware;
  logger: Logger;
}

/**
 * The embedded database's backup, for `pnpm backup` (cli/database-cli.ts): only this process may open its PGlite while
 * the shop runs, so the copy is made here, between two transactions, and sent as it is.
 *   GET /admin/backup   application/gzip: the database folder as a tarball, which `pnpm restore` brings back
 * On a PostgreSQL server (DATABASE_URL) it answers 503: those backups are pgBackRest's.
 */
export function registerBackupRoutes(router: Router, deps: BackupRouteDeps): void {
  router.get('/admin/backup', deps.authenticated, async (ctx) => {
    const started = performance.now();
    const dump = await deps.store.dumpDatabase();
    if (!dump) throw new ApiError(503, 'unavailable', messagesIn[languageOf(ctx)].backupOnServer);
    deps.logger.info({ bytes: dump.size, ms: Math.round(performance.now() - started) }, 'database backup taken');
    ctx.status = 200;
    ctx.type = 'application/gzip';
    ctx.length = dump.size;
    ctx.attachment(`cart-service-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`);
    // Already gzipped.
    ctx.compress = false;
    ctx.body = Readable.fromWeb(dump.stream() as import('node:stream/web').ReadableStream);
  });
}
