/**
 * One load of bench/usable.ts, made as ../shared/peers/compare.mjs makes its "usable" loads, so that the two agree: a
 * browser of its own (Playwright, Debian's Chromium, the project's flags, which are compare.mjs's chromium-flags.json),
 * a context with a 412×823 viewport and the fr-MA locale and nothing else (no device scale factor, mobile or touch
 * emulation: compare.mjs has none), the CPU 4× slower (CDP `Emulation.setCPUThrottlingRate`), and optionally
 * Lighthouse's mobile network (CDP `Network.emulateNetworkConditions`: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s
 * up), which compare.mjs does not use. From just before navigation: the button « Ajouter au panier » visible
 * (Playwright's `waitFor`), the click done (`click({ noWaitAfter: true })`: its actionability checks, not the page's
 * answer), the add answered (the browser got the answer of the first non-GET request to the shop after the click),
 * the product in the cart by the server (`GET /api/cart` through `page.request`, with the page's cookies, every 50 ms
 * once the browser holds a cookie for the shop, compare.mjs's proof) and by the page (the badge shows 1, and the notice
 * of the add shows: the head script's or the shell's toast).
 * In the page (an init script, which compare.mjs does not add): the first contentful paint, every long task, the first
 * input's delay (Event Timing `first-input`: processingStart − startTime), the ready mark, and every document requested.
 * A browser per load, because a page that hangs or spins must not leak into the next load; a load that has not
 * finished within 2 minutes is closed with its browser and reported as hung, with the step it was stuck at.
 */
import { chromium, type Browser } from '@playwright/test';
import { chromiumLaunchOptions } from '../../e2e/support/chromium';
import type { LongTask } from './window';

export const CPU_SLOWDOWN = 4;
/** compare.mjs's context: the viewport and locale only. */
export const COMPARE_CONTEXT = { viewport: { width: 412, height: 823 }, locale: 'fr-MA' } as const;
/** Lighthouse's mobile preset's network ("slow 4G"), as the DevTools Protocol takes it (bytes per second). */
export const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
/** « Ajouter au panier », or its Arabic on an Arabic page (decision 036). */
export const ADD_BUTTON = /ajouter au panier|أضف إلى السلة/i;
/** compare.mjs's limits: each step (button, click, proof), and the whole load. */
const STEP_TIMEOUT_MS = 30_000;
const LOAD_HARD_LIMIT_MS = 3 * STEP_TIMEOUT_MS + 30_000;

export interface AddToCartLoad {
  buttonVisible: number;
  clickDone: number;
  addAnswered: number | null;
  /** What answered the add: the no-JavaScript form post (`POST <page> 303`) or the cart's API. */
  addRequest: string | null;
  inCartServer: number;
  /** The cart's badge shows 1, and the notice of the add shows (the page's clock, from navigation). */
  inCartBadge: number | null;
  noticeShown: number | null;
  fcp: number | null;
  ready: number | null;
  firstInputDelay: number | null;
  /** Long tasks from FCP until the product was in the cart (by the server): their count, blocking time, longest. */
  longTasks: LongTask[];
  blockingMs: number;
  longestTaskMs: number;
  /** Documents the tab requested (a form post reloads the page: more than one). */
  documents: number;
}

export interface FailedLoad {
  error: string;
}

const INSTALL = `(() => {
  const marks = { fcp: null, ready: null, firstInputDelay: null, longTasks: [], badge: null, notice: null };
  window.__benchUsable = marks;
  const observe = (type, each) => { try { new PerformanceObserver((list) => list.getEntries().forEach(each)).observe({ type, buffered: true }); } catch {} };
  observe('paint', (entry) => { if (entry.name === 'first-contentful-paint') marks.fcp = entry.startTime; });
  observe('longtask', (entry) => marks.longTasks.push({ start: entry.startTime, duration: entry.duration }));
  observe('first-input', (entry) => { marks.firstInputDelay = entry.processingStart - entry.startTime; });
  new MutationObserver(() => {
    if (marks.ready === null && document.documentElement.getAttribute('data-shop') === 'ready') marks.ready = performance.now();
    if (marks.badge === null && document.querySelector('[data-testid="cart-badge"]')?.textContent?.trim() === '1') marks.badge = performance.now();
    if (marks.notice === null && [...document.querySelectorAll('[data-held-notice], .Toastify__toast')].some((toast) => /ajouté au panier|إلى السلة/.test(toast.textContent || ''))) marks.notice = performance.now();
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['data-shop'] });
})();`;

type InPage = { fcp: number | null; ready: number | null; firstInputDelay: number | null; longTasks: LongTask[]; badge: number | null; notice: number | null };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.now();
const short = (error: unknown) => String((error as Error)?.message ?? error).split('\n')[0]!.slice(0, 200);
const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> =>
  Promise.race([promise, sleep(ms).then(() => 'timeout' as const)]);

async function loadIn(browser: Browser, url: string, slow4g: boolean, stage: { now: string }): Promise<AddToCartLoad | FailedLoad> {
  stage.now = 'opening a context';
  const context = await browser.newContext(COMPARE_CONTEXT);
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  try {
    const page = await context.newPage();
    await page.addInitScript(INSTALL);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    if (slow4g) {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    }
    let documents = 0;
    let addAnswered: number | null = null;
    let addRequest: string | null = null;
    let clickAt = Infinity;
    const origin = new URL(url).origin;
    page.on('request', (request) => request.resourceType() === 'document' && (documents += 1));
    let t0 = 0;
    page.on('response', (response) => {
      const request = response.request();
      if (addAnswered === null && request.method() !== 'GET' && now() >= clickAt && response.url().startsWith(origin)) {
        addAnswered = now() - t0;
        addRequest = `${request.method()} ${new URL(response.url()).pathname} ${response.status()}`;
      }
    });
    stage.now = 'navigation';
    t0 = now();
    await page.goto(url, { waitUntil: 'commit', timeout: STEP_TIMEOUT_MS });
    stage.now = 'waiting for the add button';
    const button = page.getByRole('button', { name: ADD_BUTTON }).filter({ visible: true }).first();
    await button.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
    const buttonVisible = now() - t0;
    stage.now = 'clicking the add button';
    clickAt = now();
    await button.click({ timeout: STEP_TIMEOUT_MS, noWaitAfter: true });
    const clickDone = now() - t0;
    stage.now = 'waiting for the cart proof';
    let inCartServer: number | null = null;
    const deadline = now() + STEP_TIMEOUT_MS;
    while (now() < deadline) {
      // compare.mjs asks only once the page holds a cookie for the shop (its session, or the head script's claim).
      if ((await context.cookies(origin)).length > 0) {
        const answer = await page.request.get(`${origin}/api/cart`, { timeout: 5_000 }).catch(() => null);
        const body = answer?.ok() ? ((await answer.json().catch(() => null)) as { cart?: unknown } | null) : null;
        if (Array.isArray(body?.cart) && body.cart.length > 0) {
          inCartServer = now() - t0;
          break;
        }
      }
      await sleep(50);
    }
    if (inCartServer === null) return { error: `no proof of the product in the cart within ${STEP_TIMEOUT_MS / 1000} s of the click` };
    stage.now = 'waiting for the badge and the notice';
    // Seen in the page (its clock, from navigation): the badge's figure 1, and the notice that the product was added
    // (the head script's before the shell runs, the shell's toast after; decision 047).
    const seen = () => page.evaluate(() => (window as unknown as { __benchUsable: InPage }).__benchUsable);
    const until = now() + 15_000;
    let marks = await seen();
    while (now() < until && (marks.badge === null || marks.notice === null)) {
      await sleep(50);
      marks = await seen();
    }
    // The page's clock starts at navigation; Node's a little before: close enough to cut the tasks at the proof.
    const from = marks.fcp ?? 0;
    const tasks = marks.longTasks.filter((task) => task.start + task.duration > from && task.start < inCartServer);
    stage.now = 'done';
    return {
      buttonVisible,
      clickDone,
      addAnswered,
      addRequest,
      inCartServer,
      inCartBadge: marks.badge,
      noticeShown: marks.notice,
      fcp: marks.fcp,
      ready: marks.ready,
      firstInputDelay: marks.firstInputDelay,
      longTasks: tasks,
      blockingMs: tasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
      longestTaskMs: tasks.reduce((longest, task) => Math.max(longest, task.duration), 0),
      documents,
    };
  } catch (error) {
    return { error: `${short(error)} (at: ${stage.now})` };
  } finally {
    await withTimeout(context.close(), 10_000).catch(() => undefined);
  }
}

/** One load in a browser launched for it and closed after it. */
export async function addToCartLoad(url: string, options: { slow4g: boolean }): Promise<AddToCartLoad | FailedLoad> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  const stage = { now: 'starting' };
  try {
    const load = await withTimeout(
      loadIn(browser, url, options.slow4g, stage).catch((error: unknown) => ({ error: short(error) })),
      LOAD_HARD_LIMIT_MS,
    );
    return load === 'timeout' ? { error: `hung: no end within ${LOAD_HARD_LIMIT_MS / 1000} s (stuck ${stage.now})` } : load;
  } finally {
    await withTimeout(browser.close(), 20_000).catch(() => undefined);
  }
}
