// The screenshot script's trace view: spans in tree order with their depth and times. Run by `pnpm lint`.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ReceivedSpan } from '@shop/server-kit/tracing/otlp-receiver';
import { waterfallHtml, waterfallRows } from './trace-waterfall';

const span = (spanId: string, parentSpanId: string | undefined, name: string, startMs: number, endMs: number, code = 0): ReceivedSpan => ({
  traceId: 't',
  spanId,
  parentSpanId,
  name,
  kind: 1,
  service: 'shell',
  scope: 's',
  attributes: {},
  startMs,
  endMs,
  status: { code },
  events: [],
});

describe('waterfallRows', () => {
  it('puts each span after its parent, siblings by start, with depth and times from the trace’s start', () => {
    const rows = waterfallRows([
      span('c2', 'r', 'second child', 1030, 1040),
      span('g', 'c1', 'grandchild', 1012, 1015, 2),
      span('r', undefined, 'GET /shop/face', 1000, 1050),
      span('c1', 'r', 'first child', 1010, 1020),
    ]);
    assert.deepEqual(
      rows.map((row) => [row.depth, row.name, row.offsetMs, row.durationMs, row.error]),
      [
        [0, 'GET /shop/face', 0, 50, false],
        [1, 'first child', 10, 10, false],
        [2, 'grandchild', 12, 3, true],
        [1, 'second child', 30, 10, false],
      ],
    );
  });

  it('shows a span whose parent never came at the top level rather than dropping it', () => {
    assert.deepEqual(
      waterfallRows([span('a', 'missing', 'orphan', 5, 6)]).map((row) => [row.depth, row.name]),
      [[0, 'orphan']],
    );
  });
});

describe('waterfallHtml', () => {
  it('escapes names and draws one row per span', () => {
    const html = waterfallHtml('Trace <1>', waterfallRows([span('r', undefined, 'SELECT "x" <y>', 0, 10)]));
    assert.match(html, /<h1>Trace &lt;1&gt;<\/h1>/);
    assert.match(html, /SELECT &quot;x&quot; &lt;y&gt;/);
    assert.equal(html.match(/<tr>/g)?.length, 1);
    assert.doesNotMatch(html, /<script/);
  });
});
