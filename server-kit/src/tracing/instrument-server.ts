import type { Instrumentation } from '@opentelemetry/instrumentation';

/** Probes and scrapes answer every few seconds and say nothing about a shopper's request: never traced. */
const UNTRACED_PATHS = /^\/(?:healthz|readyz|metrics)(?:[/?]|$)/;

/**
 * The HTTP instrumentations every server uses: incoming requests (Node's http), outgoing ones (http and fetch's undici).
 * A request the process makes on its own (a release host's status check, a catalogue refresh) starts no trace: only
 * work done for a request is traced.
 */
async function httpInstrumentations(): Promise<Instrumentation[]> {
  const [{ HttpInstrumentation }, { UndiciInstrumentation }] = await Promise.all([
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-undici'),
  ]);
  return [
    new HttpInstrumentation({
      ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.test(request.url ?? ''),
      requireParentforOutgoingSpans: true,
    }),
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
