import { createLogger } from '@shop/server-kit/logger';
import { instrumentServer } from '@shop/server-kit/tracing/instrument-server';
import { startTracing } from '@shop/server-kit/tracing/start-tracing';
import { readTracingSettings } from '@shop/server-kit/tracing/tracing-settings';
import { loadShellConfig } from './config';

// The environment first; then tracing, before the modules it instruments (http, ioredis) are loaded: the shell's server
// is imported after it (start-shell.ts).
let config;
let tracingSettings;
try {
  config = loadShellConfig();
  tracingSettings = readTracingSettings('shell');
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const logger = createLogger('shell', config.logLevel);
const tracing = await startTracing(tracingSettings, { log: logger });
if (tracing) {
  await instrumentServer(async () => {
    const { IORedisInstrumentation } = await import('@opentelemetry/instrumentation-ioredis');
    // Release control's Redis: the command's name only, never its keys (an account, an address) or values.
    return [new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (command) => command })];
  });
}
const { startShell } = await import('./start-shell');
await startShell({ config, logger, tracing, tracingSettings });
