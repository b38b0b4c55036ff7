import { createApp } from './app';
import { readCatalogueFile } from './catalogue/catalogue-file';
import type { Config } from './config';
import type { Logger } from '@shop/server-kit/logger';
import { edgePurgerForUrls } from '@shop/server-kit/edge-purge';
import type { Tracing } from '@shop/server-kit/tracing/start-tracing';
import { resolveSessionKeys } from './session/session-keys';
import { openStore } from './store/open-store';
import { bucketPhotoStorage, folderPhotoStorage } from './photos/photo-storage';

/** Builds the app on its store, listens; SIGTERM/SIGINT close the server, the store and tracing gracefully. */
export async function startCartService(config: Config, logger: Logger, tracing: Tracing | null): Promise<void> {
  try {
    const sessionKeys = await resolveSessionKeys({
      configured: config.sessionKeys,
      dataDir: config.dataDir,
      production: config.production,
      logger,
    });
    const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger, importLegacyFrom: config.dataDir });
    // A new database imports the seed catalogue once; afterwards the database is the catalogue (`pnpm catalogue import`).
    if ((await store.productCount()) === 0) {
      const report = await store.seedProducts(readCatalogueFile(config.cataloguePath));
      if (report.added > 0) logger.info({ products: report.added, from: config.cataloguePath ?? 'catalogue.json' }, 'catalogue seeded');
    }
    const products = await store.productCount();
    await store.purgeExpired();
    const service = createApp({
      store,
      sessionKeys,
      allowedOrigins: config.allowedOrigins,
      adminToken: config.adminToken,
      trustProxy: config.trustProxy,
      photos: config.photos.kind === 'bucket' ? bucketPhotoStorage(config.photos) : folderPhotoStorage(config.photos.dir),
      edgePurger: edgePurgerForUrls(config.edgePurgeUrls, logger),
      logger,
    });
    const { url } = await service.listen(config.port, config.host);
    logger.info(
      { url, store: store.kind, products, allowedOrigins: config.allowedOrigins, trustedProxies: config.trustProxy.description, edgeCaches: config.edgePurgeUrls.length },
      'cart-service listening',
    );
    logger.flush();

    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal, drainMs: config.drainMs }, 'cart-service stopping');
      service
        .close({ drainMs: config.drainMs })
        .then(() => tracing?.shutdown())
        .then(() => {
          logger.info('cart-service stopped');
          process.exit(0);
        })
        .catch((error: unknown) => {
          logger.error({ err: error }, 'cart-service did not stop cleanly');
          process.exit(1);
        });
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
    // A bug that escapes every handler: log it (flushed at exit) and stop, so the supervisor restarts a clean process.
    process.on('uncaughtException', (error) => {
      logger.fatal({ err: error }, 'uncaught exception');
      process.exit(1);
    });
    process.on('unhandledRejection', (reason) => {
      logger.fatal({ err: reason }, 'unhandled rejection');
      process.exit(1);
    });
  } catch (error) {
    // Plain text on stderr for the operator (the catalogue error lists every problem, one per line) and a log line.
    console.error(`cart-service cannot start: ${(error as Error).message}`);
    logger.fatal({ reason: (error as Error).message }, 'cart-service cannot start');
    process.exit(1);
  }
}
