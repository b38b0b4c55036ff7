import { test as base, expect, type Page } from '@playwright/test';
import { untilInteractive } from '@shop/contracts/chromium';

export { expect, untilInteractive };

/*
 * A server-rendered page shows its buttons before its scripts have run, and runs them once the shopper reaches for it
 * (decision 047); a click before then is posted as a form or held until its part hydrates (decision 026), which
 * first-interaction.spec.ts and early-taps.spec.ts test. The other journeys test what the hydrated page does (toasts,
 * the dropdown, optimistic updates), so after each load the shopper reaches for the page and waits until the shop has
 * hydrated it (untilInteractive, the same wait as the benches' and the release check's).
 */

/** `page` whose goto and reload resolve once the page is interactive (see untilInteractive). */
export function interactiveAfterLoad(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await untilInteractive(page);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await untilInteractive(page);
    return response;
  };
  return page;
}

/** Playwright's test, with a `page` that waits for hydration after each load. */
export const test = base.extend({
  page: async ({ page }, use) => {
    await use(interactiveAfterLoad(page));
  },
});
