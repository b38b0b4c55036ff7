import type { LaunchOptions } from '@playwright/test';

/**
 * Debian's Chromium (Playwright cannot download its own here) and the flags every browser of this project runs with:
 * the e2e tests (playwright.config.ts) and the bench (its Playwright pages and Lighthouse's chrome-launcher). The
 * resolver rule keeps Chromium from looking up any outside host: only localhost is reachable.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumFlags: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];

export const chromiumLaunchOptions: LaunchOptions = { executablePath: chromiumPath, args: [...chromiumFlags] };
