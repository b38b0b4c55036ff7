/**
 * Lighthouse reports for bench/run.ts and bench/server-rendering.ts: each page audited `runsPerPage` times, every run in
 * a Chrome of its own (frontend/lighthouse-run.ts, as ../shared/peers/compare.mjs runs it: the project's flags and
 * `--headless=new`, the default config, i.e. the mobile preset with simulated slow 4G and 4× CPU), the performance and
 * SEO categories; the median run's opportunities and diagnostics. A failed run is counted and printed, not replaced.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { auditInFreshChrome, figuresOf, loadAverage, type AuditItem, type Audit, type Lhr, type LighthouseFigures } from './lighthouse-run';
import { median } from './util';

export { lighthouseRun, LIGHTHOUSE_CHROME_FLAGS, type LighthouseAttempt, type LighthouseFigures } from './lighthouse-run';

export interface LighthouseRun extends LighthouseFigures {
  warnings: string[];
  /** The machine's load averages when the run started. */
  load: number[];
  /** The SEO category's score (0–100) and the weighted audits it failed. */
  seo: number;
  seoFailures: string[];
}

export interface AuditSummary {
  id: string;
  title: string;
  score: number | null;
  displayValue?: string;
  savingsMs?: number;
  savingsBytes?: number;
  items: AuditItem[];
}

export interface LighthousePage {
  path: string;
  runs: LighthouseRun[];
  median: { score: number; lcpMs: number; tbtMs: number; cls: number; fcpMs: number; speedIndexMs: number };
  /** The lowest SEO score over the runs, and every audit that failed in any run. */
  seo: { score: number; failures: string[] };
  /** From the run whose performance score is the median one. */
  opportunities: AuditSummary[];
  diagnostics: AuditSummary[];
  reportFile: string;
  /** The runs that failed (counted, not run again), with Lighthouse's error. */
  failed: string[];
}

/** Audits whose first items the report shows for the median run (those this Lighthouse version has). */
const DIAGNOSTICS = [
  'render-blocking-resources',
  'unused-javascript',
  'largest-contentful-paint-element',
  'layout-shifts',
  'critical-request-chains',
  'network-dependency-tree-insight',
  'lcp-discovery-insight',
  'lcp-phases-insight',
  'cls-culprits-insight',
  'duplicated-javascript',
  'bootup-time',
  'mainthread-work-breakdown',
  'total-byte-weight',
  'long-tasks',
  'unsized-images',
];

/** One line per item for the printed report: the element or URL, then the figures Lighthouse gave. */
export function describeItem(item: AuditItem): string[] {
  if (Array.isArray(item.table)) return (item.table as AuditItem[]).flatMap(describeItem);
  const parts: string[] = [];
  const node = item.node as { snippet?: string; selector?: string; label?: string } | undefined;
  if (node) {
    const label = node.label ? ` "${node.label.replace(/\s+/g, ' ').slice(0, 60)}"` : '';
    parts.push(`${(node.selector ?? node.snippet ?? '').slice(0, 90)}${label}`);
  }
  if (typeof item.url === 'string') parts.push(item.url.replace(/^https?:\/\/localhost/, ''));
  if (typeof item.phase === 'string') parts.push(`${item.phase} ${typeof item.timing === 'number' ? `${item.timing.toFixed(0)} ms` : ''}`);
  if (typeof item.groupLabel === 'string') parts.push(item.groupLabel);
  if (typeof item.score === 'number') parts.push(`shift ${item.score.toFixed(3)}`);
  if (typeof item.totalBytes === 'number') parts.push(`${(item.totalBytes / 1000).toFixed(1)} kB`);
  if (typeof item.wastedBytes === 'number') parts.push(`wasted ${(item.wastedBytes / 1000).toFixed(1)} kB`);
  if (typeof item.wastedMs === 'number') parts.push(`${item.wastedMs.toFixed(0)} ms`);
  if (typeof item.duration === 'number') parts.push(`${item.duration.toFixed(0)} ms`);
  if (typeof item.total === 'number') parts.push(`${item.total.toFixed(0)} ms total`);
  if (typeof item.scripting === 'number') parts.push(`${item.scripting.toFixed(0)} ms scripting`);
  const lines = [parts.filter(Boolean).join('  ')];
  if (Array.isArray(item.subItems)) {
    for (const sub of (item.subItems as AuditItem[]).slice(0, 3)) {
      const extra = sub.extra as { value?: string; url?: string } | undefined;
      const cause = [sub.cause, extra?.value ?? extra?.url, (sub.node as { snippet?: string } | undefined)?.snippet].filter(Boolean).join(' ');
      if (cause) lines.push(`  cause: ${String(cause).slice(0, 110)}`);
    }
  }
  return lines.filter((line) => line.trim());
}

/** Keeps what a reader needs from an audit item: urls, sizes, savings, the node's snippet. */
function compactItem(item: AuditItem): AuditItem {
  // Some audits (largest-contentful-paint-element) list tables: keep their rows.
  if (item.type === 'table' && Array.isArray(item.items)) return { table: (item.items as AuditItem[]).slice(0, 5).map(compactItem) };
  const out: AuditItem = {};
  for (const [key, value] of Object.entries(item)) {
    if (value === null || value === undefined) continue;
    if (key === 'node' && typeof value === 'object') {
      const node = value as { snippet?: string; selector?: string; nodeLabel?: string };
      out.node = { snippet: node.snippet, selector: node.selector, label: node.nodeLabel };
    } else if (typeof value === 'object' && (value as { type?: string }).type === 'node') {
      const node = value as { snippet?: string; selector?: string };
      out[key] = { snippet: node.snippet, selector: node.selector };
    } else if (typeof value === 'object' && (value as { type?: string }).type === 'table') {
      const table = value as { items?: AuditItem[] };
      out[key] = (table.items ?? []).slice(0, 5).map(compactItem);
    } else if (key === 'subItems' && typeof value === 'object') {
      const sub = value as { items?: AuditItem[] };
      out.subItems = (sub.items ?? []).slice(0, 5).map(compactItem);
    } else if (typeof value !== 'object') {
      out[key] = value;
    }
  }
  return out;
}

function summarise(audit: Audit, itemCount = 5): AuditSummary {
  return {
    id: audit.id,
    title: audit.title,
    score: audit.score,
    displayValue: audit.displayValue,
    savingsMs: audit.details?.overallSavingsMs ?? audit.metricSavings?.LCP ?? undefined,
    savingsBytes: audit.details?.overallSavingsBytes,
    items: (audit.details?.items ?? []).slice(0, itemCount).map(compactItem),
  };
}

export async function runLighthouse(
  baseUrl: string,
  paths: string[],
  runsPerPage: number,
  resultsDir: string,
  log: (line: string) => void,
  onChrome: (kill: (() => void) | null) => void,
): Promise<LighthousePage[]> {
  const pages: LighthousePage[] = [];
  for (const path of paths) {
    const runs: Array<{ run: LighthouseRun; lhr: Lhr; json: string }> = [];
    const failed: string[] = [];
    for (let i = 0; i < runsPerPage; i += 1) {
      const load = loadAverage();
      const audited = await auditInFreshChrome(`${baseUrl}${path}`, { categories: ['performance', 'seo'], onChrome });
      if (!audited.ok) {
        failed.push(`run ${i + 1}: ${audited.error}`);
        log(`    ${path} run ${i + 1}/${runsPerPage}: FAILED ${audited.error} (counted, not run again; load ${load.join(' ')})`);
        continue;
      }
      const lhr = audited.lhr;
      const run: LighthouseRun = {
        ...figuresOf(lhr),
        warnings: lhr.runWarnings,
        load,
        seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
        seoFailures: (lhr.categories.seo?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => `${ref.id}: ${lhr.audits[ref.id]?.title ?? ''}`),
      };
      log(
        `    ${path} run ${i + 1}/${runsPerPage}: score ${run.score}, LCP ${(run.lcpMs / 1000).toFixed(2)} s, ` +
          `TBT ${run.tbtMs.toFixed(0)} ms, CLS ${run.cls.toFixed(3)}, main thread ${run.mainThreadMs.toFixed(0)} ms, SEO ${run.seo} ` +
          `(CPU benchmark index ${run.benchmarkIndex.toFixed(0)}, load ${load.join(' ')})`,
      );
      runs.push({ run, lhr, json: audited.report });
    }
    // Every run failed: nothing to report for this page, which is an error of the bench, not a figure.
    if (runs.length === 0) throw new Error(`Lighthouse failed every run on ${path}: ${failed.join('; ')}`);
    const byScore = [...runs].sort((a, b) => a.run.score - b.run.score);
    const mid = byScore[Math.floor((byScore.length - 1) / 2)]!;
    const slug = path === '/' ? 'home' : path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-');
    const reportFile = join(resultsDir, `lighthouse-${slug}.json`);
    await writeFile(reportFile, mid.json);

    const audits = Object.values(mid.lhr.audits);
    const opportunities = audits
      .filter((a) => a.details?.type === 'opportunity' && ((a.details.overallSavingsMs ?? 0) > 0 || (a.details.overallSavingsBytes ?? 0) > 0))
      .sort((a, b) => (b.details?.overallSavingsMs ?? 0) - (a.details?.overallSavingsMs ?? 0))
      .map((a) => summarise(a));
    const diagnostics = DIAGNOSTICS.filter((id) => mid.lhr.audits[id] && mid.lhr.audits[id]!.scoreDisplayMode !== 'notApplicable').map((id) =>
      summarise(mid.lhr.audits[id]!),
    );
    const m = (pick: (r: LighthouseRun) => number) => median(runs.map((r) => pick(r.run)));
    pages.push({
      path,
      runs: runs.map((r) => r.run),
      median: {
        score: m((r) => r.score),
        lcpMs: m((r) => r.lcpMs),
        tbtMs: m((r) => r.tbtMs),
        cls: m((r) => r.cls),
        fcpMs: m((r) => r.fcpMs),
        speedIndexMs: m((r) => r.speedIndexMs),
      },
      seo: { score: Math.min(...runs.map((r) => r.run.seo)), failures: [...new Set(runs.flatMap((r) => r.run.seoFailures))] },
      opportunities,
      diagnostics,
      reportFile,
      failed,
    });
  }
  return pages;
}
