import type { Instrumentation } from '@opentelemetry/instrumentation';

/**
 * The HTTP instrumentations every server uses, for the requests it makes (Node's http, and fetch's undici); the
 * requests it receives are its server spans' (server-span.ts). A request the process makes on its own (a release
 * host's status check) starts no trace: only work done for a request is traced.
 */
async function httpInstrumentations(): Promise<Instrumentation[]> {
  const [{ HttpInstrumentation }, { UndiciInstrumentation }] = await Promise.all([
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-undici'),
  ]);
  return [
    new HttpInstrumentation({ disableIncomingRequestInstrumentation: true, requireParentforOutgoingSpans: true }),
    new UndiciInstrumentation({ requireParentforSpans: true }),
  ];
}

/**
 * Instruments a server process whose tracing has started: HTTP both ways, and `more` (its database's, its Redis's).
 * Call it before the server's modules are imported: the instrumentations patch modules as they load.
 */
export async function instrumentServer(more: () => Promise<Instrumentation[]> = async () => []): Promise<void> {
  const { registerInstrumentations } = await import('@opentelemetry/instrumentation');
  registerInstrumentations({ instrumentations: [...(await httpInstrumentations()), ...(await more())] });
}
