/**
 * One Lighthouse 12.8 run (npm `lighthouse`, Node API) as ../shared/peers/compare.mjs makes it: a fresh Chrome for the
 * run (chrome-launcher, Debian's Chromium, the project's flags, which are those of ../shared/peers/chromium-flags.json,
 * then `--headless=new`), the default config (the mobile preset: Moto G Power viewport, simulated slow 4G, 4× CPU), and
 * a run that fails (a runtime error such as NO_NAVSTART or NO_FCP, no score, 180 s without an answer) is a failed run,
 * returned as such for the caller to count: never run again in its place, which would hide how often it happens.
 * A fresh Chrome per run, because a Chrome that has audited a page keeps state (its HTTP cache is cleared, not its
 * processes, sockets or compiled code), so the later runs of a shared one would not be a shopper's first visit.
 */
import { loadavg } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumFlags, chromiumPath } from '../../e2e/support/chromium';

export interface AuditItem {
  [key: string]: unknown;
}
export interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  numericValue?: number;
  errorMessage?: string;
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
export interface Lhr {
  lighthouseVersion: string;
  finalDisplayedUrl: string;
  categories: { performance: { score: number | null }; seo?: { score: number | null; auditRefs: { id: string; weight: number }[] } };
  audits: Record<string, Audit>;
  runWarnings: string[];
  runtimeError?: { code: string; message: string };
  environment: { benchmarkIndex: number };
}

/** compare.mjs's order: the flags, then new headless. */
export const LIGHTHOUSE_CHROME_FLAGS: readonly string[] = [...chromiumFlags, '--headless=new'];
/** compare.mjs's limit for one run. */
const LIGHTHOUSE_TIMEOUT_MS = 180_000;

/** The machine's 1, 5 and 15-minute load averages, rounded: printed and kept with every run (2 shared cores here). */
export const loadAverage = () => loadavg().map((value) => Math.round(value * 100) / 100);

const short = (error: unknown) => String((error as Error)?.message ?? error).split('\n')[0]!.slice(0, 160);

export type Audited = { ok: true; lhr: Lhr; report: string } | { ok: false; error: string };

/**
 * Audits `url` in a Chrome started for this run alone, killed after it. `onChrome` is told how to kill the live Chrome
 * (and `null` once it is gone), so that an interrupted bench can stop it: it is detached from the bench's process group.
 */
export async function auditInFreshChrome(
  url: string,
  options: { categories: string[]; onChrome?: (kill: (() => void) | null) => void },
): Promise<Audited> {
  let chrome: chromeLauncher.LaunchedChrome;
  try {
    chrome = await chromeLauncher.launch({
      chromePath: chromiumPath,
      chromeFlags: [...LIGHTHOUSE_CHROME_FLAGS],
      logLevel: 'silent',
      // The bench stops what it started itself on Ctrl-C; chrome-launcher's own handler would exit first.
      handleSIGINT: false,
    });
  } catch (error) {
    return { ok: false, error: `Chrome did not start: ${short(error)}` };
  }
  options.onChrome?.(() => chrome.kill());
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no result within ${LIGHTHOUSE_TIMEOUT_MS / 1000} s`)), LIGHTHOUSE_TIMEOUT_MS);
    });
    const audit = lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: options.categories });
    const result = await Promise.race([audit, timeout]);
    const lhr = result?.lhr as unknown as Lhr | undefined;
    if (!lhr) return { ok: false, error: 'Lighthouse returned no result' };
    if (lhr.runtimeError) return { ok: false, error: `${lhr.runtimeError.code}: ${short(lhr.runtimeError.message)}` };
    if (lhr.categories.performance.score === null) {
      const broken = Object.values(lhr.audits).filter((audit) => audit.scoreDisplayMode === 'error');
      return { ok: false, error: `no score (${broken.slice(0, 3).map((audit) => `${audit.id}: ${short(audit.errorMessage)}`).join('; ') || 'unknown'})` };
    }
    return { ok: true, lhr, report: typeof result!.report === 'string' ? result!.report : JSON.stringify(lhr) };
  } catch (error) {
    return { ok: false, error: short(error) };
  } finally {
    clearTimeout(timer);
    chrome.kill();
    options.onChrome?.(null);
  }
}

/** What compare.mjs records of a run, and what the reports print. */
export interface LighthouseFigures {
  score: number;
  lcpMs: number;
  tbtMs: number;
  /** `mainthread-work-breakdown`'s numericValue: all the main thread's work during the load, ms (simulated 4× CPU). */
  mainThreadMs: number;
  /** `resource-summary`'s script row: bytes of JavaScript as transferred. */
  scriptBytes: number;
  cls: number;
  fcpMs: number;
  speedIndexMs: number;
  benchmarkIndex: number;
}

export function figuresOf(lhr: Lhr): LighthouseFigures {
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const script = lhr.audits['resource-summary']?.details?.items?.find((item) => item.resourceType === 'script');
  return {
    score: Math.round((lhr.categories.performance.score ?? Number.NaN) * 100),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    mainThreadMs: value('mainthread-work-breakdown'),
    scriptBytes: typeof script?.transferSize === 'number' ? script.transferSize : 0,
    cls: value('cumulative-layout-shift'),
    fcpMs: value('first-contentful-paint'),
    speedIndexMs: value('speed-index'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** One run, measured or failed, with when it ran and the machine's load average then. */
export type LighthouseAttempt = { url: string; started: string; load: number[] } & (({ ok: true } & LighthouseFigures) | { ok: false; error: string });

/** One performance-only run of `url` in a fresh Chrome, as compare.mjs makes it. */
export async function lighthouseRun(url: string, onChrome?: (kill: (() => void) | null) => void): Promise<LighthouseAttempt> {
  const started = new Date().toISOString();
  const load = loadAverage();
  const audited = await auditInFreshChrome(url, { categories: ['performance'], onChrome });
  return audited.ok ? { url, started, load, ok: true, ...figuresOf(audited.lhr) } : { url, started, load, ok: false, error: audited.error };
}
