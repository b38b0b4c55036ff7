import { describe, expect, it } from 'vitest';
import { readTracingSettings } from './tracing-settings';

describe('readTracingSettings', () => {
  it('is off without an endpoint, when the SDK is disabled, or with no exporter', () => {
    expect(readTracingSettings('shell', {})).toBeNull();
    expect(readTracingSettings('shell', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_SDK_DISABLED: 'true' })).toBeNull();
    expect(readTracingSettings('shell', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_TRACES_EXPORTER: 'none' })).toBeNull();
  });

  it('posts to the base endpoint’s /v1/traces, or to the traces endpoint as given', () => {
    expect(readTracingSettings('shell', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })?.tracesUrl).toBe('http://collector:4318/v1/traces');
    const own = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://b:4318/custom' };
    expect(readTracingSettings('shell', own)?.tracesUrl).toBe('http://b:4318/custom');
  });

  it('takes the specification’s defaults: protobuf, parent-based always on, the process’s name', () => {
    const settings = readTracingSettings('cart-service', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' });
    expect(settings).toMatchObject({
      protocol: 'http/protobuf',
      serviceName: 'cart-service',
      sampler: { name: 'parentbased_always_on', ratio: 1 },
      timeoutMs: 10_000,
      batch: { scheduledDelayMillis: 5000, maxQueueSize: 2048, maxExportBatchSize: 512 },
    });
  });

  it('reads every standard variable', () => {
    const settings = readTracingSettings('shell', {
      OTEL_EXPORTER_OTLP_ENDPOINT: 'https://collector.example.ma',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_EXPORTER_OTLP_HEADERS: 'x-api-key=abc%3D%3D, x-team=shop',
      OTEL_SERVICE_NAME: 'vitrine',
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0.25',
      OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=production,service.namespace=boutique%20maroc',
      OTEL_BSP_SCHEDULE_DELAY: '200',
    });
    expect(settings).toMatchObject({
      protocol: 'http/json',
      headers: { 'x-api-key': 'abc==', 'x-team': 'shop' },
      serviceName: 'vitrine',
      sampler: { name: 'parentbased_traceidratio', ratio: 0.25 },
      resourceAttributes: { 'deployment.environment.name': 'production', 'service.namespace': 'boutique maroc' },
      batch: { scheduledDelayMillis: 200 },
    });
  });

  it('names the service from the resource attributes when OTEL_SERVICE_NAME is unset', () => {
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_RESOURCE_ATTRIBUTES: 'service.name=boutique' };
    expect(readTracingSettings('shell', env)?.serviceName).toBe('boutique');
  });

  it('refuses what it cannot honour, naming every variable at once', () => {
    const read = () =>
      readTracingSettings('shell', {
        OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
        OTEL_TRACES_SAMPLER: 'sometimes',
        OTEL_TRACES_SAMPLER_ARG: '2',
        OTEL_RESOURCE_ATTRIBUTES: 'broken%ZZ=1,=x',
      });
    expect(read).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT: must be an http or https URL/);
    expect(read).toThrow(/OTEL_EXPORTER_OTLP_PROTOCOL: http\/protobuf or http\/json/);
    expect(read).toThrow(/OTEL_TRACES_SAMPLER: one of always_on/);
    expect(read).toThrow(/OTEL_TRACES_SAMPLER_ARG/);
    expect(read).toThrow(/OTEL_RESOURCE_ATTRIBUTES/);
  });
});
