import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { localizedPath } from '@shop/contracts/locales';
import { pageRoutes as routeTable } from '@shop/contracts/routes';
import { products } from './support/cart';
import { consoleProblems } from './support/console';
import { stackForThisFile } from './support/stack';
import { expect, test } from './support/test';

/**
 * Every page of the route table in Arabic (decision 036): right to left, accessible, and in Arabic throughout: the
 * frame, the cart and the page's own content each hold Arabic script, and no French is left.
 */
const stack = stackForThisFile();

/** Arabic letters. */
const ARABIC = /[\u0600-\u06ff]/;

/**
 * What may stay in Latin letters on an Arabic page: brand names (the shop's, the social networks', the card
 * schemes'), an e-mail address or a web address, the language switch's « Français » (a language named in itself), and
 * an order's number (`K7M2-Q9XP`, a code). Anything else is a word left untranslated.
 */
const LATIN_ALLOWED = /\b[A-Z0-9]{4}-[A-Z0-9]{4}\b|Maison Argane|MAISON ARGANE|Instagram|Facebook|TikTok|WhatsApp|YouTube|Visa|VISA|Mastercard|MASTERCARD|CMI|Français|[\w.+-]+@[\w-]+(\.[\w-]+)+|https?:\/\/\S+|www\.\S+/g;
const LATIN_WORD = /[A-Za-zÀ-ÿ]{2,}/g;

/** The Latin words of a region's visible text (and of its controls' names) not allowed above. */
async function latinWords(page: Page, selector: string): Promise<string[]> {
  const text = await page.locator(selector).evaluateAll((elements) =>
    elements
      .map((element) => {
        const names = [...element.querySelectorAll('[aria-label],[title],[placeholder],img[alt]')].map(
          (named) => `${named.getAttribute('aria-label') ?? ''} ${named.getAttribute('title') ?? ''} ${named.getAttribute('placeholder') ?? ''} ${named.getAttribute('alt') ?? ''}`,
        );
        return `${(element as HTMLElement).innerText} ${names.join(' ')}`;
      })
      .join(' '),
  );
  return [...new Set(text.replace(LATIN_ALLOWED, ' ').match(LATIN_WORD) ?? [])];
}

async function scan(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  return violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

test('every route of the route table renders in Arabic, right to left, axe clean, with no French left', async ({ page }) => {
  test.setTimeout(400_000);
  const [product] = await products(page.request, stack.url);
  // An order's confirmation shows to the visitor who placed it: this page's visitor places one, in Arabic.
  expect((await page.request.post(`${stack.url}/api/cart/add`, { data: { productId: product!.id, quantity: 1 } })).status()).toBe(200);
  const placed = await page.request.post(`${stack.url}/api/orders?lang=ar-MA`, {
    headers: { 'Idempotency-Key': `arabic-${Date.now()}` },
    data: { fullName: 'سميرة حداد', phone: '0612345678', city: 'أكادير', address: '5، شارع الحسن الثاني، تالبرجت' },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const number = ((await placed.json()) as { order: { number: string } }).order.number;
  // Something in the cart, so its panel has lines to show.
  expect((await page.request.post(`${stack.url}/api/cart/add`, { data: { productId: product!.id, quantity: 1 } })).status()).toBe(200);
  const problems = consoleProblems(page);

  for (const def of routeTable) {
    const path = localizedPath('ar-MA', def.path.replace(':slug', product!.slug).replace(':number', number));
    const response = await page.goto(`${stack.url}${path}`);
    expect(response?.status(), path).toBe(200);
    await expect(page.locator('html'), path).toHaveAttribute('lang', 'ar-MA');
    await expect(page.locator('html'), path).toHaveAttribute('dir', 'rtl');
    for (const region of ['header', 'main', 'footer']) {
      await expect(page.locator(region).first(), `${path} ${region}`).toContainText(ARABIC);
    }
    await expect(page.getByRole('button', { name: /^السلة، / }), `${path} cart button`).toBeVisible();
    // The footer's links hydrate when needed: scrolled into view, its words are the hydrated ones.
    await page.locator('footer').first().scrollIntoViewIfNeeded();
    // Soft: one run names every page's leftovers and violations.
    expect.soft(await latinWords(page, 'header, main, footer'), `${path}: words left in Latin letters`).toEqual([]);
    // Back at the top, as the page opens: scrolled, the sticky header would cover a target axe then measures.
    await page.evaluate(() => window.scrollTo(0, 0));
    expect.soft(await scan(page), path).toEqual([]);
  }
  expect(problems, 'console errors and warnings').toEqual([]);
});

test('the cart’s open panel and the mobile menu are in Arabic too', async ({ page }) => {
  const [product] = await products(page.request, stack.url);
  expect((await page.request.post(`${stack.url}/api/cart/add`, { data: { productId: product!.id, quantity: 2 } })).status()).toBe(200);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`${stack.url}/ar/shop/face`);
  await page.getByRole('button', { name: /^السلة، / }).click();
  const panel = page.getByRole('region', { name: 'محتوى السلة' });
  await expect(panel.getByTestId('cart-total')).toBeVisible();
  expect(await latinWords(page, '[data-remote="mf_cart"]')).toEqual([]);
  expect(await scan(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'القائمة' }).click();
  const menu = page.getByRole('dialog');
  await expect(menu).toBeVisible();
  await expect(menu).toContainText(ARABIC);
  expect(await latinWords(page, '[role="dialog"]')).toEqual([]);
  expect(await scan(page)).toEqual([]);
});
