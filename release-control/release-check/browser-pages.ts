import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { chromiumExecutable, chromiumFlagsReaching, untilInteractive } from '@shop/contracts/chromium';
import { PREVIEW_COOKIE } from '@shop/contracts/previews';
import type { RemoteName } from '@shop/contracts/remotes';

/** How long a page may take to become interactive (a slow CI machine, 4× CPU for the first tap). */
const INTERACTIVE_MS = 30_000;

/**
 * The preview's pages hydrated in Chromium (`--browser`). The browser resolves only the shop's host and the hosts of
 * the releases the preview composes: a page that reaches anywhere else fails on it rather than calling it.
 */
export async function openBrowser(shop: string, releaseHosts: readonly string[]): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumExecutable(process.env),
    args: chromiumFlagsReaching([new URL(shop).hostname, ...releaseHosts]),
  });
}

async function contextWithPreview(browser: Browser, shop: string, cookie: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.addCookies([{ name: PREVIEW_COOKIE, value: cookie.slice(PREVIEW_COOKIE.length + 1), url: shop, httpOnly: true, sameSite: 'Lax' }]);
  return context;
}


/**
 * Why a page hydrated through the preview is not good enough: an error the page threw, an error React or the page
 * logged (a hydration mismatch among them), or a request the page's security policy refused.
 */
export async function browserPageFailures(browser: Browser, shop: string, path: string, cookie: string): Promise<string[]> {
  const context = await contextWithPreview(browser, shop, cookie);
  const failures: string[] = [];
  try {
    const page = await context.newPage();
    page.on('pageerror', (error) => failures.push(`${path} : erreur dans le navigateur : ${error.message}`));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text().slice(0, 300);
      // A 404 the page expects (an order nobody has, the page's own status) is not a failure: a chunk that is missing
      // fails its import, which the page reports as an error of its own.
      if (/^Failed to load resource: .* 404/.test(text)) return;
      failures.push(/hydrat/i.test(text) ? `${path} : erreur d’hydratation : ${text}` : `${path} : erreur dans la console : ${text}`);
    });
    await page.goto(new URL(path, shop).href);
    await untilInteractive(page, INTERACTIVE_MS);
  } catch (error) {
    failures.push(`${path} : la page n’est pas devenue interactive (${(error as Error).message.split('\n')[0]})`);
  } finally {
    await context.close();
  }
  return failures;
}

/**
 * The first tap on the remote's part, made the moment it shows, on a phone-speed CPU (4× slower): once the page is
 * interactive the tap must have done something (opened what it controls, or followed its link). A tap lost between
 * paint and hydration is a failure.
 */
export async function firstTapFailures(browser: Browser, shop: string, path: string, cookie: string, remote: RemoteName): Promise<string[]> {
  const context = await contextWithPreview(browser, shop, cookie);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(new URL(path, shop).href, { waitUntil: 'commit' });
    const part = page.locator(`[data-remote="${remote}"]`);
    const control = part.locator('[aria-expanded], button, a[href]').filter({ visible: true }).first();
    const label = (await control.getAttribute('aria-label', { timeout: INTERACTIVE_MS })) ?? (await control.innerText()).trim().slice(0, 60);
    const before = page.url();
    await control.click({ timeout: INTERACTIVE_MS });
    await untilInteractive(page, INTERACTIVE_MS);
    const landed = await page
      .waitForFunction(
        ([start, selector]) => location.href !== start || document.querySelector(selector!)?.querySelector('[aria-expanded="true"]') !== null,
        [before, `[data-remote="${remote}"]`] as const,
        { timeout: 5000 },
      )
      .then(
        () => true,
        () => false,
      );
    return landed ? [] : [`${path} : premier tapotement perdu sur « ${label} » (rien ne s’est ouvert, aucune page n’a suivi)`];
  } catch (error) {
    return [`${path} : premier tapotement impossible (${(error as Error).message.split('\n')[0]})`];
  } finally {
    await context.close();
  }
}
