import type { LaunchOptions } from '@playwright/test';
import { chromiumExecutable, chromiumFlagsReaching } from '@shop/contracts/chromium';

/**
 * The Chromium of the e2e tests (playwright.config.ts) and the bench (its Playwright pages and Lighthouse's
 * chrome-launcher), with the flags a team's release check uses too (contracts' chromium module): only localhost is
 * reachable.
 */
export const chromiumPath = chromiumExecutable(process.env);

export const chromiumFlags: readonly string[] = chromiumFlagsReaching();

export const chromiumLaunchOptions: LaunchOptions = { executablePath: chromiumPath, args: [...chromiumFlags] };
