import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import type { ShopLocale } from '@shop/contracts/locales';

/** Lighthouse's mobile network (slow 4G): 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up. */
export const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 } as const;

export interface SlowPhoneOptions {
  viewport?: { width: number; height: number };
  locale?: ShopLocale;
  /** The network's conditions (DevTools Protocol); unset, this machine's loopback. */
  network?: typeof SLOW_4G;
}

/**
 * A mid-range phone for journeys that act at first sight (decisions 026 and 039): a fresh browser context (cold cache),
 * the CPU slowed 4×, and its page never waits for hydration: the journey acts the moment a control shows.
 */
export async function slowPhone(browser: Browser, options: SlowPhoneOptions = {}): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 412, height: 823 }, locale: options.locale ?? 'fr-MA' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  if (options.network) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', options.network);
  }
  return { context, page, cdp };
}
