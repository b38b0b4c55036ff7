/**
 * The JavaScript a phone receives on a page's first load (decision 028): one cold load in a fresh browser context (no
 * cache, no connections) with a phone's viewport, the shopper reaching for it once it has loaded (decision 047), until
 * the page is ready and its network quiet; every script's body
 * as it came over the wire (the Chrome DevTools Protocol's bytes received, less the response's headers). Shared by the
 * budget's e2e test and the bench (bench/first-load-budget.ts), which imports no test runner.
 */
import type { Browser } from '@playwright/test';
import { untilInteractive } from '@shop/contracts/chromium';

/**
 * The budget for `/`, `/shop/face` and a product page, as transferred (brotli), French and Arabic alike. kB = 1,000
 * bytes. Issue 34's, kept with the second language (decisions 036 and 037: one bundler runtime per page, words of a
 * region with its code, short message ids).
 */
export const FIRST_LOAD_JS_BUDGET_BYTES = 150_000;

/** Lighthouse's mobile preset's phone (Moto G Power): every phone load of the bench and of the budget's test (what is on the first screen depends on it). */
export const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, locale: 'fr-MA' } as const;

export interface ScriptTransfer {
  url: string;
  /** The body as transferred (compressed when it was sent compressed). */
  bytes: number;
  /** The response's Content-Encoding, if any. */
  encoding: string | undefined;
}

interface Received {
  url: string;
  headerBytes: number;
  encoding: string | undefined;
}

export async function firstLoadScripts(browser: Browser, url: string, timeoutMs = 60_000): Promise<ScriptTransfer[]> {
  const context = await browser.newContext(PHONE);
  try {
    // It waits with contracts' untilInteractive (below); interactiveAfterLoad would bring the test runner into the bench.
    // eslint-disable-next-line no-restricted-syntax
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const scripts = new Map<string, Received>();
    const finished = new Map<string, number>();
    cdp.on('Network.responseReceived', (event) => {
      if (event.type !== 'Script') return;
      const headers = Object.fromEntries(Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]));
      // At this point the bytes received are the response's head.
      scripts.set(event.requestId, { url: event.response.url, headerBytes: event.response.encodedDataLength ?? 0, encoding: headers['content-encoding'] });
    });
    cdp.on('Network.loadingFinished', (event) => finished.set(event.requestId, event.encodedDataLength));
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.goto(url, { timeout: timeoutMs });
    // The page's scripts run once the shopper reaches for it (decision 047): what it then loads is what is counted.
    await untilInteractive(page, timeoutMs);
    await page.waitForLoadState('networkidle', { timeout: timeoutMs });
    return [...scripts]
      .filter(([id]) => finished.has(id))
      .map(([id, script]) => ({ url: script.url, bytes: finished.get(id)! - script.headerBytes, encoding: script.encoding }));
  } finally {
    await context.close();
  }
}
