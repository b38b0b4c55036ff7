import { isSpanContextValid, trace } from '@opentelemetry/api';
import { pino, type DestinationStream, type Level, type Logger } from 'pino';

export type { Logger } from 'pino';

/** The levels LOG_LEVEL may name, quietest last. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const satisfies ReadonlyArray<Level | 'silent'>;

export type LogLevel = (typeof LOG_LEVELS)[number];

export interface LoggerOptions {
  /** File descriptor or path to write to; standard output by default. */
  dest?: number | string;
  /** A ready-made destination instead (tests capture lines with one). */
  destination?: DestinationStream;
}

/**
 * A server's structured logger: JSON lines in English, each with `service`, buffered (4 KiB or 1 s, whichever comes
 * first) and written asynchronously, so a request never waits on a write to the terminal or a pipe. Pino flushes the
 * buffer when the process exits; call `logger.flush()` where a line must show at once (the start line). Request
 * lines never carry headers, cookies or ids; the redaction below is a second guard for anything else. A line written
 * inside a traced request carries its `trace_id` and `span_id` (decision 035), to go from a log line to its trace.
 */
export function createLogger(service: string, level: LogLevel = 'info', options: LoggerOptions = {}): Logger {
  const config = {
    level,
    base: { service },
    redact: { paths: ['cookie', 'headers.cookie', 'headers["set-cookie"]', 'sessionId', 'cartId'], remove: true },
    mixin: traceFields,
  };
  if (options.destination) return pino(config, options.destination);
  const destination = pino.destination({ dest: options.dest ?? 1, sync: false, minLength: 4096 });
  setInterval(() => {
    try {
      destination.flush();
    } catch {
      // not open yet or already closed: the next tick or the exit handler writes it
    }
  }, 1000).unref();
  return pino(config, destination);
}

/** The active span's ids, for a log line written while it runs (none when tracing is off or nothing is traced). */
function traceFields(): { trace_id?: string; span_id?: string } {
  const context = trace.getActiveSpan()?.spanContext();
  return context && isSpanContextValid(context) ? { trace_id: context.traceId, span_id: context.spanId } : {};
}
