import { expect, test } from './support/test';
import type { Page } from '@playwright/test';
import { cartButton } from './support/cart';
import {
  desktopMenu,
  frameHeader,
  markWindow,
  sectionToggle,
  sidebar,
  topBar,
  windowIsMarked,
} from './support/frame-locators';
import { stackForThisFile } from './support/stack';

const stack = stackForThisFile();

const expanded = (page: Page) => desktopMenu(page).locator('button[data-section][aria-expanded="true"]');

test.describe('desktop (1280x800)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the announcement links to the whole shop, and the name of the shop goes home', async ({ page }) => {
    await page.goto(`${stack.url}/shop/face`);
    await expect(topBar(page)).toContainText('Nouveau');
    await expect(topBar(page).getByRole('link', { name: 'Découvrir la boutique' })).toHaveAttribute('href', '/shop/all');
    await markWindow(page);
    await frameHeader(page).getByRole('link', { name: 'Maison Argane' }).click();
    await expect(page).toHaveURL(`${stack.url}/`);
    expect(await windowIsMarked(page)).toBe(true);
  });

  test('one section open at a time; toggling the open one closes it; another one resets the sub-menu', async ({ page }) => {
    await page.goto(`${stack.url}/shop/face`);
    const menu = desktopMenu(page);
    await expect(menu.getByRole('link')).toHaveText(['Accueil', 'Visage', 'Corps', 'Cheveux', 'Pack', 'Shop']);

    // Open Shop, then one of its sub-menus, then another: one sub-menu at a time.
    await sectionToggle(page, 'Shop').click();
    await expect(sectionToggle(page, 'Shop')).toHaveAttribute('aria-expanded', 'true');
    const fiches = menu.getByRole('button', { name: 'Fiches produit' });
    const blog = menu.getByRole('button', { name: 'Blog' });
    await fiches.click();
    await expect(fiches).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link', { name: 'Aperçu rapide' })).toBeVisible();
    await blog.click();
    await expect(blog).toHaveAttribute('aria-expanded', 'true');
    await expect(fiches).toHaveAttribute('aria-expanded', 'false');
    await expect(menu.getByRole('link', { name: 'Aperçu rapide' })).toBeHidden();

    // Opening another section closes Shop; coming back, its sub-menu starts closed.
    await sectionToggle(page, 'Corps').click();
    await expect(expanded(page)).toHaveCount(1);
    await expect(sectionToggle(page, 'Corps')).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link', { name: 'Tous les soins du corps' })).toBeVisible();
    await expect(blog).toBeHidden();
    await sectionToggle(page, 'Shop').click();
    await expect(expanded(page)).toHaveCount(1);
    await expect(blog).toHaveAttribute('aria-expanded', 'false');
    await expect(menu.getByRole('link', { name: 'Articles en grille' })).toBeHidden();

    // Toggling the open section closes it.
    await sectionToggle(page, 'Shop').click();
    await expect(expanded(page)).toHaveCount(0);
    await expect(menu.getByRole('button', { name: 'Blog' })).toBeHidden();

    // The category dropdown is one more section: opening it closes the main menu's.
    await sectionToggle(page, 'Pack').click();
    const categories = frameHeader(page).getByRole('button', { name: 'Catégories', exact: true });
    await categories.click();
    await expect(categories).toHaveAttribute('aria-expanded', 'true');
    await expect(expanded(page)).toHaveCount(0);
    const categoryNav = frameHeader(page).getByRole('navigation', { name: 'Catégories de soins' });
    await expect(categoryNav.getByRole('link')).toHaveText(['Accueil', 'Soins du Visage', 'Soins du Corps', 'Soins capillaires']);
  });

  test('the plus/dash icon shows whether a section is open', async ({ page }) => {
    await page.goto(`${stack.url}/`);
    await expect(sectionToggle(page, 'Visage').locator('svg path')).toHaveCount(2);
    await sectionToggle(page, 'Visage').click();
    await expect(sectionToggle(page, 'Visage').locator('svg path')).toHaveCount(1);
  });

  test('menus work from the keyboard: Enter opens, Escape closes and returns focus; a click outside closes', async ({
    page,
  }) => {
    await page.goto(`${stack.url}/shop/face`);
    await sectionToggle(page, 'Cheveux').focus();
    await page.keyboard.press('Enter');
    await expect(sectionToggle(page, 'Cheveux')).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(desktopMenu(page).getByRole('link', { name: 'Tous les soins capillaires' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(expanded(page)).toHaveCount(0);
    await expect(sectionToggle(page, 'Cheveux')).toBeFocused();

    await sectionToggle(page, 'Pack').click();
    await page.getByRole('heading', { level: 1 }).click({ position: { x: 5, y: 5 } });
    await expect(expanded(page)).toHaveCount(0);
  });

  test('a sub-menu link navigates in the page and closes the menu', async ({ page }) => {
    await page.goto(`${stack.url}/shop/face`);
    await markWindow(page);
    await sectionToggle(page, 'Shop').click();
    await desktopMenu(page).getByRole('button', { name: 'Pages pratiques' }).click();
    await desktopMenu(page).getByRole('link', { name: 'Questions fréquentes' }).click();
    await expect(page).toHaveURL(`${stack.url}/faq`);
    await expect(expanded(page)).toHaveCount(0);
    expect(await windowIsMarked(page)).toBe(true);
  });

  test('sticky look at 11 px of scroll and not at 10 px, with no change of height', async ({ page }) => {
    await page.goto(`${stack.url}/shop/all`);
    const header = frameHeader(page);
    await expect(header).toHaveAttribute('data-sticky', 'false');
    await expect(page.locator('[data-remote="mf_catalog_pages"]').first()).toBeVisible();
    // The page must be tall enough for these scroll positions to exist.
    expect(await page.evaluate(() => document.documentElement.scrollHeight - innerHeight)).toBeGreaterThan(500);
    const heightBefore = (await header.boundingBox())!.height;
    const mainTop = () => page.locator('main').evaluate((el) => el.getBoundingClientRect().top + scrollY);
    const mainTopBefore = await mainTop();

    // The sticky look is a shadow under the bar (its CSS module's class names are hashes in a production build).
    const shadows = () => header.evaluate((el) => [...el.querySelectorAll('*')].filter((child) => getComputedStyle(child).boxShadow !== 'none').length);
    const flat = await shadows();
    await page.evaluate(() => window.scrollTo(0, 11));
    await expect(header).toHaveAttribute('data-sticky', 'true');
    await expect.poll(shadows).toBe(flat + 1);
    await page.evaluate(() => window.scrollTo(0, 10));
    await expect(header).toHaveAttribute('data-sticky', 'false');
    await expect.poll(shadows).toBe(flat);
    await page.evaluate(() => window.scrollTo(0, 11));
    await expect(header).toHaveAttribute('data-sticky', 'true');

    expect((await header.boundingBox())!.height).toBe(heightBefore);
    expect(await mainTop()).toBe(mainTopBefore);

    // Far down, the menu bar stays at the top of the window with the cart button usable.
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(async () => (await desktopMenu(page).boundingBox())!.y).toBeLessThan(70);
    await expect(cartButton(page)).toBeInViewport();
  });

  test('the search panel goes to the catalogue with the text and the category', async ({ page }) => {
    await page.goto(`${stack.url}/shop/face`);
    await markWindow(page);
    const toggle = frameHeader(page).getByRole('button', { name: 'Rechercher', exact: true });
    await toggle.click();
    const form = page.getByRole('search', { name: 'Rechercher des produits' });
    await expect(form).toBeVisible();
    await expect(form.getByRole('combobox', { name: 'Catégorie' }).locator('option')).toHaveText([
      'Toutes les catégories',
      'Visage',
      'Maquillage',
      'Corps',
      'Cheveux',
    ]);
    await expect(form.getByRole('combobox', { name: 'Rechercher un produit' })).toBeFocused();
    await form.getByRole('combobox', { name: 'Catégorie' }).selectOption({ label: 'Cheveux' });
    await form.getByRole('combobox', { name: 'Rechercher un produit' }).fill('huile d’argan');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${stack.url}/shop/all?q=huile+d%E2%80%99argan&category=hair`);
    await expect(form).toBeHidden();
    expect(await windowIsMarked(page)).toBe(true);

    // Reopened on the results, it starts from the current search; text only leaves the category out.
    await toggle.click();
    await expect(form.getByRole('combobox', { name: 'Rechercher un produit' })).toHaveValue('huile d’argan');
    await expect(form.getByRole('combobox', { name: 'Catégorie' })).toHaveValue('hair');
    await form.getByRole('combobox', { name: 'Catégorie' }).selectOption({ label: 'Toutes les catégories' });
    await form.getByRole('combobox', { name: 'Rechercher un produit' }).fill('savon');
    await form.getByRole('button', { name: 'Rechercher' }).click();
    await expect(page).toHaveURL(`${stack.url}/shop/all?q=savon`);

    // Quick searches, and Escape closes the panel back onto its button.
    await toggle.click();
    await page.getByRole('navigation', { name: 'Recherches fréquentes' }).getByRole('link', { name: 'Rhassoul' }).click();
    await expect(page).toHaveURL(`${stack.url}/shop/all?q=rhassoul`);
    await toggle.click();
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();
    await expect(toggle).toBeFocused();
    expect(await windowIsMarked(page)).toBe(true);
  });

  test('the wishlist icon goes to /shop/whistlist', async ({ page }) => {
    await page.goto(`${stack.url}/`);
    await markWindow(page);
    await frameHeader(page).getByRole('link', { name: 'Liste d’envies' }).click();
    await expect(page).toHaveURL(`${stack.url}/shop/whistlist`);
    expect(await windowIsMarked(page)).toBe(true);
  });
});

test.describe('mobile (375x667)', () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test('the sidebar has the same menus, the phone and the email; toggling it closes open menus', async ({ page }) => {
    await page.goto(`${stack.url}/shop/face`);
    const header = frameHeader(page);
    // Bar: menu toggle, name, icons and the cart, all on screen; the desktop menu is folded away.
    await expect(cartButton(page)).toBeInViewport({ ratio: 1 });
    await expect(header.getByRole('link', { name: 'Maison Argane' })).toBeInViewport({ ratio: 1 });
    await expect(desktopMenu(page)).toBeHidden();
    const headerBox = (await header.boundingBox())!;
    expect(headerBox.width).toBeLessThanOrEqual(375);

    const toggle = header.getByRole('button', { name: 'Menu', exact: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const panel = sidebar(page);
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Fermer le menu' })).toBeFocused();
    const menu = panel.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu.getByRole('link')).toHaveText(['Accueil', 'Visage', 'Corps', 'Cheveux', 'Pack', 'Shop']);
    await expect(panel.getByRole('link', { name: '+212 5 22 48 12 30' })).toHaveAttribute('href', 'tel:+212522481230');
    await expect(panel.getByRole('link', { name: 'contact@maison-argane.ma' })).toHaveAttribute(
      'href',
      'mailto:contact@maison-argane.ma',
    );

    // Same rules as on the desktop.
    await menu.getByRole('button', { name: 'Sous-menu Shop' }).click();
    await menu.getByRole('button', { name: 'Fiches produit' }).click();
    await menu.getByRole('button', { name: 'Sous-menu Corps' }).click();
    await expect(menu.getByRole('button', { name: 'Sous-menu Shop' })).toHaveAttribute('aria-expanded', 'false');
    await expect(menu.getByRole('link', { name: 'Tous les soins du corps' })).toBeVisible();

    // Toggling the sidebar closes the open menus: reopened, everything is folded.
    await panel.getByRole('button', { name: 'Fermer le menu' }).click();
    await expect(panel).toBeHidden();
    await expect(toggle).toBeFocused();
    await toggle.click();
    await expect(panel.locator('[aria-expanded="true"]')).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Tous les soins du corps' })).toBeHidden();

    // Escape closes it too; a link navigates in the page and closes it.
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(toggle).toBeFocused();
    await markWindow(page);
    await toggle.click();
    await menu.getByRole('link', { name: 'Cheveux' }).click();
    await expect(page).toHaveURL(`${stack.url}/shop/hair`);
    await expect(panel).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(await windowIsMarked(page)).toBe(true);
  });
});

for (const viewport of [
  { width: 375, height: 667 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width}x${viewport.height} the header keeps its reserved height and shows the cart`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto(`${stack.url}/shop/face`);
    await expect(cartButton(page)).toBeInViewport({ ratio: 1 });
    // 2.25rem announcement + 4rem bar: what the shell reserves while the frame loads.
    expect((await frameHeader(page).boundingBox())!.height).toBe(100);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
