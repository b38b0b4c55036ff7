import { randomUUID } from 'node:crypto';
import { diag, DiagLogLevel, type DiagLogger } from '@opentelemetry/api';
import type { Sampler } from '@opentelemetry/sdk-trace-base';
import type { TracingSettings } from './tracing-settings';
import { CallStackContextManager } from './call-stack-context';
import { privateSpans } from './private-spans';

/** What a process holds while it traces. */
export interface Tracing {
  /** Sends the spans still queued (a process that stops loses none it could send in time). */
  shutdown(): Promise<void>;
}

export interface StartTracingOptions {
  /** Where the SDK's own complaints go (an export that failed, spans dropped): a warning line each. */
  log?: { warn(fields: object, message: string): void };
  /**
   * `async` (AsyncLocalStorage: a span stays active across awaits, as a server's request needs), or `call-stack` for a
   * process that reads its context before its first await only (call-stack-context.ts).
   */
  context?: 'async' | 'call-stack';
}

/**
 * Starts tracing with `settings`, or does nothing when they are null (tracing off): the SDK and the exporter are
 * loaded only here, so a process that does not trace runs OpenTelemetry's no-op API alone. A server then adds its
 * libraries' instrumentations (instrument-server.ts), before it imports the modules they patch.
 */
export async function startTracing(settings: TracingSettings | null, options: StartTracingOptions = {}): Promise<Tracing | null> {
  if (!settings) return null;
  const [{ NodeTracerProvider, BatchSpanProcessor }, sdk, { resourceFromAttributes }, { W3CTraceContextPropagator }, exporter] =
    await Promise.all([
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/sdk-trace-base'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/core'),
      settings.protocol === 'http/json'
        ? import('@opentelemetry/exporter-trace-otlp-http').then((module) => module.OTLPTraceExporter)
        : import('@opentelemetry/exporter-trace-otlp-proto').then((module) => module.OTLPTraceExporter),
    ]);
  if (options.log) diag.setLogger(diagnostics(options.log), DiagLogLevel.WARN);
  const ratio = new sdk.TraceIdRatioBasedSampler(settings.sampler.ratio);
  const samplers: Record<TracingSettings['sampler']['name'], () => Sampler> = {
    always_on: () => new sdk.AlwaysOnSampler(),
    always_off: () => new sdk.AlwaysOffSampler(),
    traceidratio: () => ratio,
    parentbased_always_on: () => new sdk.ParentBasedSampler({ root: new sdk.AlwaysOnSampler() }),
    parentbased_always_off: () => new sdk.ParentBasedSampler({ root: new sdk.AlwaysOffSampler() }),
    parentbased_traceidratio: () => new sdk.ParentBasedSampler({ root: ratio }),
  };
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({
      ...settings.resourceAttributes,
      'service.name': settings.serviceName,
      'service.instance.id': randomUUID(),
    }),
    sampler: samplers[settings.sampler.name](),
    spanProcessors: [
      new BatchSpanProcessor(
        privateSpans(new exporter({ url: settings.tracesUrl, headers: settings.headers, timeoutMillis: settings.timeoutMs })),
        settings.batch,
      ),
    ],
  });
  // W3C trace context only: baggage would let a caller put what it likes into every process's context.
  provider.register({
    propagator: new W3CTraceContextPropagator(),
    ...(options.context === 'call-stack' ? { contextManager: new CallStackContextManager() } : {}),
  });
  return { shutdown: () => provider.shutdown() };
}

/** The SDK's diagnostics as log lines: an unreachable collector is a warning, never a crash or a line per span. */
function diagnostics(log: NonNullable<StartTracingOptions['log']>): DiagLogger {
  const lastSaid = new Map<string, number>();
  const warn = (message: string, ...args: unknown[]) => {
    // A collector that is down fails every batch: one line per message per minute says so.
    if (Date.now() - (lastSaid.get(message) ?? -Infinity) < 60_000) return;
    lastSaid.set(message, Date.now());
    log.warn({ detail: args.map(String).join(' ').slice(0, 500) }, `tracing: ${message}`);
  };
  const quiet = () => undefined;
  return { error: warn, warn, info: quiet, debug: quiet, verbose: quiet };
}
