// One trace drawn as a waterfall, as a tracing backend's trace view shows it (Jaeger, Tempo): a row per span, nested
// under its parent, a bar from its start to its end on the trace's time axis. The screenshot script renders it in
// Chromium for docs/screenshots/trace.png; pure, tested beside it.
import type { ReceivedSpan } from '@shop/server-kit/tracing/otlp-receiver';

export interface WaterfallRow {
  depth: number;
  service: string;
  name: string;
  /** From the trace's start, in ms. */
  offsetMs: number;
  durationMs: number;
  error: boolean;
}

/** The spans in tree order (each after its parent, siblings by start), with their depth; orphans start their own tree. */
export function waterfallRows(spans: readonly ReceivedSpan[]): WaterfallRow[] {
  if (spans.length === 0) return [];
  const start = Math.min(...spans.map((span) => span.startMs));
  const ids = new Set(spans.map((span) => span.spanId));
  const children = new Map<string | undefined, ReceivedSpan[]>();
  for (const span of spans) {
    const parent = span.parentSpanId && ids.has(span.parentSpanId) ? span.parentSpanId : undefined;
    children.set(parent, [...(children.get(parent) ?? []), span]);
  }
  const rows: WaterfallRow[] = [];
  const visit = (parent: string | undefined, depth: number) => {
    for (const span of [...(children.get(parent) ?? [])].sort((a, b) => a.startMs - b.startMs)) {
      rows.push({
        depth,
        service: span.service,
        name: span.name,
        offsetMs: span.startMs - start,
        durationMs: span.endMs - span.startMs,
        error: span.status.code === 2,
      });
      visit(span.spanId, depth + 1);
    }
  };
  visit(undefined, 0);
  return rows;
}

const SERVICE_COLOURS: Record<string, string> = { shell: '#2f6f4e', 'shell-renderer': '#b3672b', 'cart-service': '#3b5998' };

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** A self-contained HTML page (no script, no external file) drawing the rows under `title`. */
export function waterfallHtml(title: string, rows: readonly WaterfallRow[]): string {
  const total = Math.max(1, ...rows.map((row) => row.offsetMs + row.durationMs));
  const line = (row: WaterfallRow) => {
    const colour = row.error ? '#b00020' : (SERVICE_COLOURS[row.service] ?? '#666');
    const left = (row.offsetMs / total) * 100;
    const width = Math.max(0.3, (row.durationMs / total) * 100);
    return `<tr><td class="label" style="padding-inline-start:${8 + row.depth * 14}px"><span class="service" style="color:${colour}">${escapeHtml(row.service)}</span> ${escapeHtml(row.name)}</td><td class="lane"><div class="bar" style="margin-inline-start:${left.toFixed(2)}%;width:${width.toFixed(2)}%;background:${colour}"></div><span class="ms">${row.durationMs.toFixed(1)} ms</span></td></tr>`;
  };
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>
body{font:13px/1.4 system-ui,sans-serif;margin:16px;color:#222}h1{font-size:16px;margin:0 0 8px}
table{border-collapse:collapse;width:100%}td{border-block-end:1px solid #eee;padding-block:3px;vertical-align:middle}
.label{white-space:nowrap;width:42%;overflow:hidden;text-overflow:ellipsis;max-width:0}.service{font-weight:600}
.lane{display:flex;align-items:center;gap:6px}.bar{height:12px;border-radius:2px;min-width:2px;flex:none}.ms{font-size:11px;color:#555}
</style></head><body><h1>${escapeHtml(title)}</h1><p>${rows.length} spans, ${total.toFixed(1)} ms</p><table>${rows.map(line).join('')}</table></body></html>`;
}
