import { loadConfig } from './config';
import { createLogger } from '@shop/server-kit/logger';
import { instrumentServer } from '@shop/server-kit/tracing/instrument-server';
import { startTracing } from '@shop/server-kit/tracing/start-tracing';
import { readTracingSettings } from '@shop/server-kit/tracing/tracing-settings';

/** Reads the environment, starts tracing, then loads the service: the instrumentations must patch http and pg first. */
async function main(): Promise<void> {
  let config;
  let tracingSettings;
  try {
    config = loadConfig();
    tracingSettings = readTracingSettings('cart-service');
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const logger = createLogger('cart-service', config.logLevel);
  const tracing = await startTracing(tracingSettings, { log: logger });
  if (tracing) {
    await instrumentServer(async () => {
      const { PgInstrumentation } = await import('@opentelemetry/instrumentation-pg');
      // A statement's spans come from the one SQL client (db/traced-sql-client.ts); the driver's show its round trips.
      return [new PgInstrumentation({ requireParentSpan: true })];
    });
  }
  const { startCartService } = await import('./start-service');
  await startCartService(config, logger, tracing);
}

void main();
