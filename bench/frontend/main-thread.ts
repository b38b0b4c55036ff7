/**
 * What a page's main thread does after its first paint, read from a Chromium trace rather than simulated: one cold
 * load at 4× CPU slowdown (`Emulation.setCPUThrottlingRate`), a phone's viewport, no network throttling (loopback),
 * the shopper reaching for the page at its first paint (a key press; decision 047: its scripts run from then on),
 * traced with Lighthouse's own categories until the page is ready (`<html data-shop="ready">`) and its network and main
 * thread have been quiet for a second. The trace is read with Lighthouse's trace processing (`tracehouse`: the same
 * task tree its TBT and "main-thread work" come from), so the figures are Lighthouse's, measured instead of simulated:
 * on a busy 2-core machine Lighthouse's simulation swings ±7 points, this does not.
 *
 * Figures from the first contentful paint to the end of the trace:
 * - blocking time: each top-level task's part above 50 ms, summed (Lighthouse's TBT, without its TTI cut-off);
 * - main-thread busy time, by Lighthouse's task groups (script evaluation, style & layout, ...);
 * - script time (evaluation + compilation) by the URL it is attributed to, so a change is seen where it lands.
 */
import type { Browser } from '@playwright/test';
import { MainThreadTasks } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';
import { untilMarkedInteractive } from '@shop/contracts/chromium';
import { PHONE } from '../../e2e/support/first-load';
import { CPU_SLOWDOWN, reachAtFirstPaint } from './window';

/** Lighthouse's trace categories (core/gather/gatherers/trace.js) without screenshots: the task tree needs these. */
const TRACE_CATEGORIES = [
  '-*',
  'disabled-by-default-lighthouse',
  'loading',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.stack',
  'disabled-by-default-devtools.timeline.frame',
];

/** How long the page's main thread and network must be quiet before the trace ends. */
const QUIET_MS = 1_000;

export interface MainThreadLoad {
  /** ms since navigation start. */
  fcp: number;
  /** Lighthouse's TBT definition, from FCP to the end of the trace. */
  blockingMs: number;
  longTaskCount: number;
  /** Main-thread busy time after FCP. */
  busyMs: number;
  /** Busy time after FCP by Lighthouse task group (scriptEvaluation, styleLayout, parseHTML, ...). */
  byGroup: Record<string, number>;
  /** Script evaluation + parse/compile time after FCP by attributed URL (path only, origin dropped). */
  scriptByUrl: Record<string, number>;
}

interface TaskNode {
  startTime: number;
  endTime: number;
  duration: number;
  selfTime: number;
  group: { id: string };
  attributableURLs: string[];
  parent?: TaskNode;
  children: TaskNode[];
}

/** The path of a script's URL, so two stacks on other ports name the same file the same way. */
const pathOf = (url: string) => {
  try {
    const parsed = new URL(url);
    return `${parsed.port ? `:${parsed.port} ` : ''}${parsed.pathname}`;
  } catch {
    return url;
  }
};

/** Sums a task tree's self times from `from` on into `into`: the part of a task before `from` is not counted. */
function addSelfTimes(task: TaskNode, from: number, byGroup: Record<string, number>, scriptByUrl: Record<string, number>): void {
  if (task.endTime > from) {
    const share = task.startTime >= from ? 1 : (task.endTime - from) / Math.max(task.duration, 1e-6);
    const self = task.selfTime * share;
    byGroup[task.group.id] = (byGroup[task.group.id] ?? 0) + self;
    if (task.group.id === 'scriptEvaluation' || task.group.id === 'scriptParseCompile') {
      // As Lighthouse's bootup-time: the first script URL on the task's stack, else its first URL (the page's).
      const url = task.attributableURLs.find((candidate) => /\.m?js(\?|$)/.test(candidate)) ?? task.attributableURLs[0];
      const key = url ? pathOf(url) : '(unattributed)';
      scriptByUrl[key] = (scriptByUrl[key] ?? 0) + self;
    }
  }
  for (const child of task.children) addSelfTimes(child, from, byGroup, scriptByUrl);
}

/**
 * One cold, traced load of `url`; throws when the page never becomes ready. Chromium now and then hands back a trace
 * without the navigation's start (Lighthouse retries those runs too, `NO_NAVSTART`): such a load is made again, twice
 * at most.
 */
export async function loadMainThread(browser: Browser, url: string, timeoutMs = 60_000): Promise<MainThreadLoad> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await tracedLoad(browser, url, timeoutMs);
    } catch (error) {
      if (attempt >= 3 || !/navigationStart/.test((error as Error).message)) throw error;
    }
  }
}

async function tracedLoad(browser: Browser, url: string, timeoutMs: number): Promise<MainThreadLoad> {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await browser.startTracing(page, { categories: TRACE_CATEGORIES, screenshots: false });
    let trace: Buffer;
    try {
      await page.goto(url, { waitUntil: 'commit', timeout: timeoutMs });
      await reachAtFirstPaint(page, timeoutMs);
      await untilMarkedInteractive(page, timeoutMs);
      await page.waitForLoadState('networkidle', { timeout: timeoutMs });
      await page.waitForTimeout(QUIET_MS);
    } finally {
      trace = await browser.stopTracing();
    }
    const fallback = await page.locator('[data-fallback]').count();
    if (fallback > 0) throw new Error('a part showed its fallback: not a measurement of this page');
    const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents: unknown[] } | unknown[];
    const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
    const processed = TraceProcessor.processTrace({ traceEvents: events } as never);
    const navigation = TraceProcessor.processNavigation(processed);
    const tasks = MainThreadTasks.getMainThreadTasks(processed.mainThreadEvents, processed.frames, processed.timestamps.traceEnd) as unknown as TaskNode[];
    const fcp = navigation.timings.firstContentfulPaint;
    let blockingMs = 0;
    let longTaskCount = 0;
    const byGroup: Record<string, number> = {};
    const scriptByUrl: Record<string, number> = {};
    // Task times are ms since the trace's time origin (the navigation), as FCP is.
    for (const task of tasks) {
      if (task.parent) continue;
      if (task.endTime > fcp) {
        const duration = task.endTime - Math.max(task.startTime, fcp);
        if (task.duration > 50) longTaskCount++;
        blockingMs += Math.max(0, duration - 50);
      }
      addSelfTimes(task, fcp, byGroup, scriptByUrl);
    }
    const busyMs = Object.values(byGroup).reduce((sum, value) => sum + value, 0);
    return { fcp, blockingMs, longTaskCount, busyMs, byGroup, scriptByUrl };
  } finally {
    await context.close();
  }
}
