import { z } from 'zod';
import { ServerConfigError } from '../server-config';

/**
 * OpenTelemetry's own environment variables, read once by each process (decision 035). Tracing is off unless an OTLP
 * endpoint is named; then every process sends its spans there over OTLP/HTTP, in protobuf (the specification's default)
 * or JSON. The settings are plain data: the shell hands them to its renderer processes, which have no environment.
 */
export interface TracingSettings {
  /** The traces URL the spans are posted to (`…/v1/traces`). */
  tracesUrl: string;
  protocol: TracingProtocol;
  /** OTEL_EXPORTER_OTLP_HEADERS: a collector's credentials. Never handed to a renderer (remote code runs there). */
  headers: Record<string, string>;
  timeoutMs: number;
  serviceName: string;
  sampler: { name: SamplerName; ratio: number };
  /** OTEL_RESOURCE_ATTRIBUTES, decoded. */
  resourceAttributes: Record<string, string>;
  /** The batch span processor's figures (OTEL_BSP_*), with the SDK's defaults. */
  batch: { scheduledDelayMillis: number; maxQueueSize: number; maxExportBatchSize: number; exportTimeoutMillis: number };
}

export const TRACING_PROTOCOLS = ['http/protobuf', 'http/json'] as const;
export type TracingProtocol = (typeof TRACING_PROTOCOLS)[number];

export const SAMPLER_NAMES = ['always_on', 'always_off', 'traceidratio', 'parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio'] as const;
export type SamplerName = (typeof SAMPLER_NAMES)[number];

/**
 * The sampler when OTEL_TRACES_SAMPLER is unset: the specification's default. Every request is traced unless a trusted
 * proxy in front decided otherwise, so any shopper's slow page can be found from its trace id; a collector's tail
 * sampling keeps what is worth storing (decision 035 has the cost).
 */
export const DEFAULT_SAMPLER: SamplerName = 'parentbased_always_on';

const number = (fallback: number, min: number) => z.coerce.number().int().min(min).default(fallback);

/** `key=value,key2=value2`, values percent-encoded (the W3C baggage format both variables use). */
const keyValueList = z
  .string()
  .optional()
  .transform((text, ctx) => {
    const pairs: Record<string, string> = {};
    for (const item of (text ?? '').split(',').map((part) => part.trim()).filter(Boolean)) {
      const equals = item.indexOf('=');
      const key = equals > 0 ? item.slice(0, equals).trim() : '';
      try {
        if (!key) throw new Error('no key');
        pairs[key] = decodeURIComponent(item.slice(equals + 1).trim());
      } catch {
        ctx.addIssue({ code: 'custom', message: `"${item.split('=')[0]}…" is not key=value with a percent-encoded value` });
        return z.NEVER;
      }
    }
    return pairs;
  });

const endpoint = z
  .string()
  .optional()
  .refine((value) => !value || (URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)), 'must be an http or https URL (OTLP over HTTP)');

const schema = z.object({
  OTEL_SDK_DISABLED: z.enum(['true', 'false', '']).optional(),
  OTEL_TRACES_EXPORTER: z.enum(['otlp', 'none', ''], { message: 'otlp or none (spans go to an OTLP endpoint)' }).optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: endpoint,
  OTEL_EXPORTER_OTLP_PROTOCOL: z.enum(TRACING_PROTOCOLS, { message: 'http/protobuf or http/json (grpc is not built in)' }).optional(),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: z.enum(TRACING_PROTOCOLS, { message: 'http/protobuf or http/json (grpc is not built in)' }).optional(),
  OTEL_EXPORTER_OTLP_HEADERS: keyValueList,
  OTEL_EXPORTER_OTLP_TRACES_HEADERS: keyValueList,
  OTEL_EXPORTER_OTLP_TIMEOUT: number(10_000, 1),
  OTEL_EXPORTER_OTLP_TRACES_TIMEOUT: z.coerce.number().int().min(1).optional(),
  OTEL_SERVICE_NAME: z.string().optional(),
  OTEL_TRACES_SAMPLER: z.enum(SAMPLER_NAMES, { message: `one of ${SAMPLER_NAMES.join(', ')}` }).optional(),
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).optional(),
  OTEL_RESOURCE_ATTRIBUTES: keyValueList,
  OTEL_BSP_SCHEDULE_DELAY: number(5000, 1),
  OTEL_BSP_MAX_QUEUE_SIZE: number(2048, 1),
  OTEL_BSP_MAX_EXPORT_BATCH_SIZE: number(512, 1),
  OTEL_BSP_EXPORT_TIMEOUT: number(30_000, 1),
});

/** The traces URL: the signal's own endpoint as given, else the base endpoint with `/v1/traces`. */
const tracesUrlOf = (base: string | undefined, own: string | undefined) =>
  own || (base ? `${base.replace(/\/+$/, '')}/v1/traces` : undefined);

/**
 * The tracing settings of a process named `defaultService`, or null when tracing is off (no endpoint, OTEL_SDK_DISABLED,
 * or OTEL_TRACES_EXPORTER=none). Throws ServerConfigError listing every bad variable.
 */
export function readTracingSettings(defaultService: string, env: NodeJS.ProcessEnv = process.env): TracingSettings | null {
  const result = schema.safeParse(env);
  if (!result.success) {
    throw new ServerConfigError(`${defaultService} tracing`, result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = result.data;
  const tracesUrl = tracesUrlOf(e.OTEL_EXPORTER_OTLP_ENDPOINT, e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
  if (!tracesUrl || e.OTEL_SDK_DISABLED === 'true' || e.OTEL_TRACES_EXPORTER === 'none') return null;
  const resourceAttributes = e.OTEL_RESOURCE_ATTRIBUTES ?? {};
  const sampler = e.OTEL_TRACES_SAMPLER ?? DEFAULT_SAMPLER;
  return {
    tracesUrl,
    protocol: e.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? e.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf',
    headers: { ...e.OTEL_EXPORTER_OTLP_HEADERS, ...e.OTEL_EXPORTER_OTLP_TRACES_HEADERS },
    timeoutMs: e.OTEL_EXPORTER_OTLP_TRACES_TIMEOUT ?? e.OTEL_EXPORTER_OTLP_TIMEOUT,
    // OTEL_SERVICE_NAME wins over a service.name in the resource attributes, as the specification says.
    serviceName: e.OTEL_SERVICE_NAME || resourceAttributes['service.name'] || defaultService,
    sampler: { name: sampler, ratio: sampler.endsWith('traceidratio') ? (e.OTEL_TRACES_SAMPLER_ARG ?? 1) : 1 },
    resourceAttributes,
    batch: {
      scheduledDelayMillis: e.OTEL_BSP_SCHEDULE_DELAY,
      maxQueueSize: e.OTEL_BSP_MAX_QUEUE_SIZE,
      maxExportBatchSize: Math.min(e.OTEL_BSP_MAX_EXPORT_BATCH_SIZE, e.OTEL_BSP_MAX_QUEUE_SIZE),
      exportTimeoutMillis: e.OTEL_BSP_EXPORT_TIMEOUT,
    },
  };
}
