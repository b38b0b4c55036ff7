/**
 * Lighthouse 12.8 (npm `lighthouse`, Node API) in Debian's Chromium, launched by chrome-launcher in new headless
 * mode with the project's flags. Default config = the mobile preset (Moto G Power viewport, simulated slow 4G and
 * 4x CPU slowdown); the performance and SEO categories. Each run resets storage, so every run is a cold load.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumFlags, chromiumPath } from '../../e2e/support/chromium';
import { median } from './util';

interface AuditItem {
  [key: string]: unknown;
}
interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  numericValue?: number;
  metricSavings?: Record<string, number>;
  details?: {
    type: string;
    items?: AuditItem[];
    overallSavingsMs?: number;
    overallSavingsBytes?: number;
    chains?: unknown;
    longestChain?: { duration: number; length: number; transferSize: number };
  };
}
interface Lhr {
  lighthouseVersion: string;
  finalDisplayedUrl: string;
  categories: { performance: { score: number | null }; seo?: { score: number | null; auditRefs: { id: string; weight: number }[] } };
  audits: Record<string, Audit>;
  runWarnings: string[];
  runtimeError?: { code: string; message: string };
  environment: { benchmarkIndex: number };
}

export interface LighthouseRun {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  speedIndexMs: number;
  benchmarkIndex: number;
  warnings: string[];
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
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumFlags],
    logLevel: 'silent',
    // The bench stops everything itself on Ctrl-C; chrome-launcher's own handler would exit first.
    handleSIGINT: false,
  });
  onChrome(() => chrome.kill());
  try {
    const pages: LighthousePage[] = [];
    for (const path of paths) {
      const runs: Array<{ run: LighthouseRun; lhr: Lhr; json: string }> = [];
      for (let i = 0; i < runsPerPage; i += 1) {
        const audit = () => lighthouse(`${baseUrl}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'seo'] });
        let result = await audit();
        // Lighthouse sometimes loses the navigation's trace (NO_NAVSTART, NO_FCP): that run is retried once, and said.
        const failure = (result?.lhr as unknown as Lhr | undefined)?.runtimeError;
        if (failure) {
          log(`    ${path} run ${i + 1}/${runsPerPage}: Lighthouse failed (${failure.code}), running it again`);
          result = await audit();
        }
        if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
        const lhr = result.lhr as unknown as Lhr;
        if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        const score = lhr.categories.performance.score;
        if (score === null) throw new Error(`Lighthouse could not score ${path}: ${lhr.runWarnings.join('; ')}`);
        const value = (id: string) => {
          const v = lhr.audits[id]?.numericValue;
          if (v === undefined) throw new Error(`Lighthouse audit ${id} missing for ${path}`);
          return v;
        };
        const run: LighthouseRun = {
          score: Math.round(score * 100),
          lcpMs: value('largest-contentful-paint'),
          tbtMs: value('total-blocking-time'),
          cls: value('cumulative-layout-shift'),
          fcpMs: value('first-contentful-paint'),
          speedIndexMs: value('speed-index'),
          benchmarkIndex: lhr.environment.benchmarkIndex,
          warnings: lhr.runWarnings,
          seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
          seoFailures: (lhr.categories.seo?.auditRefs ?? [])
            .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
            .map((ref) => `${ref.id}: ${lhr.audits[ref.id]?.title ?? ''}`),
        };
        log(
          `    ${path} run ${i + 1}/${runsPerPage}: score ${run.score}, LCP ${(run.lcpMs / 1000).toFixed(2)} s, ` +
            `TBT ${run.tbtMs.toFixed(0)} ms, CLS ${run.cls.toFixed(3)}, SEO ${run.seo} (CPU benchmark index ${run.benchmarkIndex.toFixed(0)})`,
        );
        runs.push({ run, lhr, json: typeof result.report === 'string' ? result.report : JSON.stringify(lhr) });
      }
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
      });
    }
    return pages;
  } finally {
    chrome.kill();
    onChrome(null);
  }
}
