import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';

function capture(): { stream: Writable; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { stream, lines };
}

describe('createLogger', () => {
  it('writes one JSON line per event, naming the service', () => {
    const { stream, lines } = capture();
    const logger = createLogger('shell', 'info', { destination: stream });
    logger.info({ url: 'http://localhost:3000' }, 'shell listening');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, service: 'shell', url: 'http://localhost:3000', msg: 'shell listening' });
    expect(typeof lines[0]!.time).toBe('number');
  });

  it('names the trace and span a line was written in, and none outside one', async () => {
    const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(new InMemorySpanExporter())] });
    provider.register();
    const { stream, lines } = capture();
    const logger = createLogger('cart-service', 'info', { destination: stream });
    const ids = trace.getTracer('test').startActiveSpan('request', (span) => {
      logger.info('inside');
      span.end();
      return span.spanContext();
    });
    logger.info('outside');
    expect(lines[0]).toMatchObject({ msg: 'inside', trace_id: ids.traceId, span_id: ids.spanId });
    expect(lines[1]!.trace_id).toBeUndefined();
    await provider.shutdown();
    trace.disable();
  });

  it('drops what is below its level', () => {
    const { stream, lines } = capture();
    const logger = createLogger('mf-cart', 'warn', { destination: stream });
    logger.info('not shown');
    logger.warn('shown');
    expect(lines.map((line) => line.msg)).toEqual(['shown']);
  });

  it('never writes cookies or session and cart ids', () => {
    const { stream, lines } = capture();
    const logger = createLogger('cart-service', 'info', { destination: stream });
    logger.info({ cookie: 'sid=secret', headers: { cookie: 'sid=secret', 'set-cookie': 'x' }, sessionId: 's', cartId: 'c', path: '/api/cart' }, 'request');
    expect(JSON.stringify(lines[0])).not.toMatch(/secret|"sessionId"|"cartId"|set-cookie/);
    expect(lines[0]).toMatchObject({ path: '/api/cart' });
  });

  it('buffers writes to a file and flushes them on demand', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'logger-'));
    try {
      const path = join(dir, 'out.log');
      const logger = createLogger('cart-service', 'info', { dest: path });
      logger.info('started');
      // Below the buffer's 4 kB, the line waits for a flush. The file opens asynchronously, and a flush before it has
      // opened throws: each look flushes again until one has written.
      const flushed = async () => {
        try {
          logger.flush();
        } catch {
          // not open yet
        }
        return (await readFile(path, 'utf8').catch(() => '')).trim();
      };
      await expect.poll(flushed).toMatch(/"service":"cart-service".*"msg":"started"/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
