/**
 * One load of bench/usable.ts: a shopper on a slow phone opens a page and taps « Ajouter au panier » the moment it shows.
 * A fresh browser context (cold cache, no connections), a phone's viewport, the CPU 4× slower (CDP
 * `Emulation.setCPUThrottlingRate`), and optionally Lighthouse's mobile network (CDP `Network.emulateNetworkConditions`:
 * 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up). As `../shared/peers/compare.mjs` measures it, from just before
 * navigation (Node's clock): the button visible (Playwright's `waitFor`), the click done (`click()`, with its
 * actionability checks), the add request answered, the product in the cart by the server (`GET /api/cart` with the
 * page's cookies, every 50 ms) and by the page (the cart button counts 1 article). In the page (an init script): the
 * first contentful paint, every long task (PerformanceObserver `longtask`), the first input's delay (Event Timing
 * `first-input`: processingStart − startTime), the ready mark, and every document requested.
 */
import type { Browser } from '@playwright/test';
import { PHONE } from '../../e2e/support/first-load';
import type { LongTask } from './window';

export const CPU_SLOWDOWN = 4;
/** Lighthouse's mobile preset's network ("slow 4G"), as the DevTools Protocol takes it (bytes per second). */
export const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
/** « Ajouter au panier », or its Arabic on an Arabic page (decision 036). */
export const ADD_BUTTON = /ajouter au panier|أضف إلى السلة/i;

export interface AddToCartLoad {
  buttonVisible: number;
  clickDone: number;
  addAnswered: number | null;
  inCartServer: number;
  inCartBadge: number | null;
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
  const marks = { fcp: null, ready: null, firstInputDelay: null, longTasks: [] };
  window.__benchUsable = marks;
  const observe = (type, each) => { try { new PerformanceObserver((list) => list.getEntries().forEach(each)).observe({ type, buffered: true }); } catch {} };
  observe('paint', (entry) => { if (entry.name === 'first-contentful-paint') marks.fcp = entry.startTime; });
  observe('longtask', (entry) => marks.longTasks.push({ start: entry.startTime, duration: entry.duration }));
  observe('first-input', (entry) => { marks.firstInputDelay = entry.processingStart - entry.startTime; });
  new MutationObserver(() => {
    if (marks.ready === null && document.documentElement.getAttribute('data-shop') === 'ready') marks.ready = performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-shop'] });
})();`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function addToCartLoad(browser: Browser, url: string, options: { slow4g: boolean; timeoutMs?: number }): Promise<AddToCartLoad | FailedLoad> {
  const timeout = options.timeoutMs ?? 60_000;
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    await page.addInitScript(INSTALL);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    if (options.slow4g) {
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    }
    let documents = 0;
    let addAnswered: number | null = null;
    const origin = new URL(url).origin;
    const t0 = Date.now();
    page.on('request', (request) => request.resourceType() === 'document' && (documents += 1));
    page.on('response', (response) => {
      if (response.request().method() === 'POST' && addAnswered === null) addAnswered = Date.now() - t0;
    });
    await page.goto(url, { waitUntil: 'commit', timeout });
    const button = page.getByRole('button', { name: ADD_BUTTON }).filter({ visible: true }).first();
    await button.waitFor({ timeout });
    const buttonVisible = Date.now() - t0;
    await button.click({ timeout });
    const clickDone = Date.now() - t0;
    let inCartServer: number | null = null;
    while (Date.now() - t0 < timeout) {
      const cookies = await context.cookies(origin);
      if (cookies.length > 0) {
        const cart = (await (await page.request.get(`${origin}/api/cart`)).json().catch(() => null)) as { cart?: unknown[] } | null;
        if (cart?.cart && cart.cart.length > 0) {
          inCartServer = Date.now() - t0;
          break;
        }
      }
      await sleep(50);
    }
    if (inCartServer === null) return { error: `the product was not in the cart within ${timeout} ms` };
    const badge = page.getByRole('button', { name: /^(?:Panier, 1 article|السلة، منتج واحد)$/ });
    const inCartBadge = await badge
      .waitFor({ timeout: 15_000 })
      .then(() => Date.now() - t0)
      .catch(() => null);
    const marks = (await page.evaluate(() => (window as unknown as { __benchUsable: { fcp: number | null; ready: number | null; firstInputDelay: number | null; longTasks: LongTask[] } }).__benchUsable)) ?? null;
    // The page's clock starts at navigation; Node's a little before: close enough to cut the tasks at the proof.
    const from = marks.fcp ?? 0;
    const tasks = marks.longTasks.filter((task) => task.start + task.duration > from && task.start < inCartServer);
    return {
      buttonVisible,
      clickDone,
      addAnswered,
      inCartServer,
      inCartBadge,
      fcp: marks.fcp,
      ready: marks.ready,
      firstInputDelay: marks.firstInputDelay,
      longTasks: tasks,
      blockingMs: tasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
      longestTaskMs: tasks.reduce((longest, task) => Math.max(longest, task.duration), 0),
      documents,
    };
  } catch (error) {
    return { error: (error as Error).message.split('\n')[0]! };
  } finally {
    await context.close();
  }
}
