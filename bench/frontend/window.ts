/**
 * "The window" of one load (bench/first-interaction-window.ts): on a server-rendered page, from the first paint until
 * every part on screen responds, `<html data-shop="ready">` (decision 022: the root and every part of the first screen
 * hydrated; decision 024: a deferred part, the footer, does not count). One cold load in Debian's Chromium: a fresh
 * browser context (empty cache, no connections), a phone's viewport (412×823, as first-load.ts and Lighthouse's mobile
 * preset), the CPU 4× slower through the Chrome DevTools Protocol (`Emulation.setCPUThrottlingRate`), no network
 * throttling (loopback).
 *
 * A script installed before any of the page's own (Playwright's init script) records, as `performance.now()` values
 * (ms since navigation start): the first contentful paint (PerformanceObserver `paint`), the moment the ready mark is
 * set (a MutationObserver on the document's `data-shop` attribute), and every long task (PerformanceObserver
 * `longtask`, tasks over 50 ms). After the mark it reads the resource timing of the shell's entry script.
 *
 * first-tap.ts is a load of its own in which the header's cart button is tapped once at first paint.
 */
import type { Browser, Page } from '@playwright/test';
import { reachForThePage } from '@shop/contracts/chromium';
import { START_ON_INTENT } from '@shop/contracts/forms';
import { PHONE } from '../../e2e/support/first-load';

export const CPU_SLOWDOWN = 4;
export const PHONE_VIEWPORT = PHONE.viewport;

export interface LongTask {
  start: number;
  duration: number;
}

export interface WindowLoad {
  /** Every figure in ms since navigation start (`performance.now()`). */
  fcp: number;
  ready: number;
  /** ready − FCP. */
  window: number;
  /** When the first script of the shell's origin other than START_ON_INTENT was requested (its `startTime`). */
  entryRequested: number | null;
  entryUrl: string | null;
  /** Long tasks' blocking time (each task's part above 50 ms, the task cut to FCP … ready), summed. */
  blockingMs: number;
  /** Their count, and every long task of the load (the JSON keeps them). */
  longTaskCount: number;
  longTasks: LongTask[];
  pageErrors: string[];
}

export interface FailedLoad {
  error: string;
}

/**
 * Plain JavaScript text: tsx would otherwise wrap named inner functions in a helper that does not exist in the page.
 * The MutationObserver watches the document (the `<html>` element may not exist yet when it is installed) for the
 * `data-shop` attribute; a mark already in the HTML the parser reads is caught at DOMContentLoaded and reported as such.
 */
export const INSTALL = `(() => {
  const marks = { fcp: null, ready: null, readyInHtml: false, fallback: null, longTasks: [] };
  window.__benchWindow = marks;
  try { performance.setResourceTimingBufferSize(1000); } catch {}
  const isReady = () => document.documentElement && document.documentElement.getAttribute('data-shop') === 'ready';
  const observer = new MutationObserver(() => {
    if (marks.ready === null && isReady()) {
      marks.ready = performance.now();
      const fallback = document.querySelector('[data-fallback]');
      if (fallback) marks.fallback = fallback.getAttribute('data-fallback') || 'unnamed';
      observer.disconnect();
    }
  });
  observer.observe(document, { subtree: true, attributes: true, attributeFilter: ['data-shop'] });
  document.addEventListener('DOMContentLoaded', () => {
    if (marks.ready === null && isReady()) { marks.ready = performance.now(); marks.readyInHtml = true; }
  });
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint' && marks.fcp === null) marks.fcp = entry.startTime;
    }).observe({ type: 'paint', buffered: true });
  } catch {}
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) marks.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
})();`;

export interface InPage {
  fcp: number | null;
  ready: number | null;
  readyInHtml: boolean;
  fallback: string | null;
  longTasks: LongTask[];
}

/** The part of each long task above 50 ms, for the task cut to [from, to]. */
export function blockingTime(tasks: readonly LongTask[], from: number, to: number): number {
  let total = 0;
  for (const task of tasks) {
    const start = Math.max(task.start, from);
    const end = Math.min(task.start + task.duration, to);
    total += Math.max(0, end - start - 50);
  }
  return total;
}

/**
 * The shopper reaches for the page at its first paint, with a key that does nothing: its scripts run from the
 * shopper's first intent (decision 047), so what follows is the most work a shopper can meet after the paint
 * (Lighthouse's runs, with no input, show the least).
 */
export async function reachAtFirstPaint(page: Page, timeout: number): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { timeout, polling: 20 });
  await reachForThePage(page);
}

export interface WindowLoadOptions {
  timeoutMs?: number;
  /** Called when the load is over, before its browser context closes (its renderer process is still there). */
  onEnd?: () => void;
}

/** One cold load of `url`; answers its figures or why it could not be measured. */
export async function loadWindow(browser: Browser, url: string, options: WindowLoadOptions = {}): Promise<WindowLoad | FailedLoad> {
  const timeout = options.timeoutMs ?? 60_000;
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    await page.addInitScript(INSTALL);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    await page.goto(url, { waitUntil: 'commit', timeout });
    // A function, not a string: the shop's CSP forbids eval.
    try {
      await reachAtFirstPaint(page, timeout);
      await page.waitForFunction(() => (window as unknown as { __benchWindow?: InPage }).__benchWindow?.ready != null, undefined, { timeout, polling: 100 });
    } catch {
      const state = await page
        .evaluate(() => ({
          marks: (window as unknown as { __benchWindow?: InPage }).__benchWindow,
          shop: document.documentElement.getAttribute('data-shop'),
          fallbacks: Array.from(document.querySelectorAll('[data-fallback]')).map((el) => el.getAttribute('data-fallback')),
        }))
        .catch(() => null);
      return { error: `never ready within ${timeout} ms (data-shop=${JSON.stringify(state?.shop ?? null)}, fallbacks ${JSON.stringify(state?.fallbacks ?? [])}, FCP ${state?.marks?.fcp ?? '—'}); page errors: ${pageErrors.join(' | ') || 'none'}` };
    }
    // A long task's entry is delivered after the task has ended, and the mark may be set inside one: let it arrive.
    await page.waitForTimeout(1_000);
    const result = await page.evaluate((startScript) => {
      const marks = (window as unknown as { __benchWindow: InPage }).__benchWindow;
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => {
          const entryUrl = new URL(entry.name);
          return entryUrl.origin === location.origin && entryUrl.pathname !== startScript && /\.m?js$/.test(entryUrl.pathname);
        })
        .sort((a, b) => a.startTime - b.startTime);
      const fcpEntry = performance.getEntriesByName('first-contentful-paint')[0];
      return { ...marks, fcp: marks.fcp ?? (fcpEntry ? fcpEntry.startTime : null), entry: scripts[0] ? { url: scripts[0].name, start: scripts[0].startTime } : null };
    }, START_ON_INTENT);

    if (result.readyInHtml) return { error: 'the HTML already carried data-shop="ready": the mark says nothing' };
    if (result.fallback) return { error: `a part showed its fallback (${result.fallback}): not a measurement of this page` };
    if (result.fcp === null || result.ready === null) return { error: `no ${result.fcp === null ? 'first contentful paint' : 'ready mark'} recorded` };
    const { fcp, ready, longTasks } = result;
    return {
      fcp,
      ready,
      window: ready - fcp,
      entryRequested: result.entry?.start ?? null,
      entryUrl: result.entry?.url ?? null,
      blockingMs: blockingTime(longTasks, fcp, ready),
      longTaskCount: longTasks.filter((task) => task.start + task.duration > fcp && task.start < ready).length,
      longTasks,
      pageErrors,
    };
  } finally {
    options.onEnd?.();
    await context.close();
  }
}

/** The header's cart button (role button) and its dropdown (role region, `hidden` while closed), by accessible name. */
