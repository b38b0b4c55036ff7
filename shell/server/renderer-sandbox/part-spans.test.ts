import { context, trace } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { RemotesConfig } from '@shop/contracts/remotes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHOP_ATTRIBUTES } from '@shop/server-kit/tracing/shop-spans';
import { PartSpans } from './part-spans';

const config: RemotesConfig = {
  remotes: [
    { name: 'mf_frame', entry: 'http://localhost:3001/1.0.0/mf-manifest.json' },
    { name: 'mf_cart', entry: 'http://localhost:3002/1.0.1/mf-manifest.json' },
    { name: 'mf_catalog_pages', entry: 'http://localhost:3003/1.2.0/mf-manifest.json' },
  ],
};

const after = <T,>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('the spans of a page’s parts', () => {
  // The parts' clock reads performance.now(): faked with the timers, so a part waits exactly as long as its read.
  afterEach(() => vi.useRealTimers());

  it('name each part’s release, time it to its last read, and tell the part that missed the deadline', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    const exporter = new InMemorySpanExporter();
    const tracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).getTracer('test');
    const page = tracer.startSpan('renderer render');
    const parts = new PartSpans(tracer, trace.setSpan(context.active(), page), config);
    const listing = after(30, { products: [] });
    parts.clock.reached('mf_frame/Header');
    parts.clock.reached('mf_catalog_pages/CategoryPage');
    parts.clock.reached('mf_catalog_pages/CategoryPage');
    expect(parts.clock.read('mf_catalog_pages/CategoryPage', () => listing)).toBe(listing);
    // Another part waiting on the same read waits as long; a read that never answers holds its part past the deadline.
    parts.clock.read('mf_cart/CartDropdown', () => listing);
    parts.clock.read('mf_cart/CartPage', () => new Promise(() => undefined));
    await vi.advanceTimersByTimeAsync(30);
    await listing;
    parts.end(['mf_frame/Header']);

    const spans = Object.fromEntries(exporter.getFinishedSpans().map((span) => [String(span.attributes[SHOP_ATTRIBUTES.partModule]), span]));
    expect(Object.keys(spans).sort()).toEqual(['mf_cart/CartDropdown', 'mf_cart/CartPage', 'mf_catalog_pages/CategoryPage', 'mf_frame/Header']);
    for (const span of Object.values(spans)) expect(span.parentSpanContext?.spanId).toBe(page.spanContext().spanId);
    expect(spans['mf_catalog_pages/CategoryPage']!.attributes).toMatchObject({
      [SHOP_ATTRIBUTES.remoteName]: 'mf_catalog_pages',
      [SHOP_ATTRIBUTES.remoteVersion]: '1.2.0',
      [SHOP_ATTRIBUTES.partDeadlineMissed]: false,
      [SHOP_ATTRIBUTES.partFallback]: false,
    });
    expect(spans['mf_catalog_pages/CategoryPage']!.attributes[SHOP_ATTRIBUTES.partRenderMs]).toBe(30);
    expect(spans['mf_cart/CartDropdown']!.attributes[SHOP_ATTRIBUTES.partRenderMs]).toBe(30);
    expect(spans['mf_cart/CartPage']!.attributes).toMatchObject({ [SHOP_ATTRIBUTES.remoteVersion]: '1.0.1', [SHOP_ATTRIBUTES.partDeadlineMissed]: true });
    expect(spans['mf_frame/Header']!.attributes).toMatchObject({ [SHOP_ATTRIBUTES.partRenderMs]: 0, [SHOP_ATTRIBUTES.partFallback]: true });
  });
});
