// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_PREFIXES, type ShopLocale } from '@shop/contracts/locales';
import { Messages } from '../messages/messages';
import { EVERY_GROUP, messagesLoaded } from '../messages/messages-loaded';
import { Header } from './header';

beforeAll(() => messagesLoaded('fr-MA', 'ar-MA'));
afterEach(cleanup);

/**
 * The header in a language, as its exposed module renders it once its words have loaded, under the router the shell
 * gives a page at `url` (an Arabic page's router has the /ar basename).
 */
async function renderHeader(url = '/shop/face', variant: 'default' | 'alt' = 'default', locale: ShopLocale = 'fr-MA') {
  function Where() {
    const { pathname, search } = useLocation();
    return <output data-testid="where">{pathname + search}</output>;
  }
  // Awaited: React's test scope then lets the part render once its language's messages have come.
  const rendered = await act(async () =>
    render(
      <MemoryRouter initialEntries={[url]} basename={LOCALE_PREFIXES[locale] || undefined}>
        <Suspense fallback={null}>
          <Messages locale={locale} groups={EVERY_GROUP}>
            <Header locale={locale} cartSlot={<button type="button">panier de test</button>} variant={variant} />
          </Messages>
        </Suspense>
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    ),
  );
  await screen.findByRole('banner');
  return rendered;
}

const menu = () => screen.getByRole('navigation', { name: 'Menu principal' });
/** The menu bar's code comes on its own (decision 028): a test renders the header, then waits for it. */
const menuLoaded = () => screen.findByRole('navigation', { name: 'Menu principal' });
const toggle = (label: string) => within(menu()).getByRole('button', { name: `Sous-menu ${label}` });

describe('Header', () => {
  it('has the main menu in correct French, and renders the cart the shell puts in its slot', async () => {
    await renderHeader();
    await menuLoaded();
    expect(within(menu()).getAllByRole('link').map((a) => a.textContent)).toEqual([
      'Accueil',
      'Visage',
      'Corps',
      'Cheveux',
      'Pack',
      'Shop',
    ]);
    expect(screen.getByRole('button', { name: 'panier de test' })).toBeTruthy();
    expect(within(menu()).getByRole('link', { name: 'Visage' }).getAttribute('aria-current')).toBe('page');
  });

  it('announces a new product with a link to the whole shop', async () => {
    await renderHeader('/');
    expect(screen.getByRole('link', { name: 'Découvrir la boutique' }).getAttribute('href')).toBe('/shop/all');
  });

  it('shows the configured top bar in the /index2 variant', async () => {
    await renderHeader('/index2', 'alt');
    expect(screen.getByRole('banner').dataset.variant).toBe('alt');
    expect(screen.getByRole('link', { name: 'Voir la boutique' }).getAttribute('href')).toBe('/shop');
    expect(screen.queryByRole('link', { name: 'Découvrir la boutique' })).toBeNull();
  });

  it('opens one section at a time, with its links, and closes it with Escape', async () => {
    await renderHeader();
    await menuLoaded();
    fireEvent.click(toggle('Corps'));
    expect(toggle('Corps').getAttribute('aria-expanded')).toBe('true');
    expect(within(menu()).getByRole('link', { name: 'Tous les soins du corps' })).toBeTruthy();
    fireEvent.click(toggle('Pack'));
    expect(toggle('Corps').getAttribute('aria-expanded')).toBe('false');
    expect(within(menu()).queryByRole('link', { name: 'Tous les soins du corps' })).toBeNull();
    fireEvent.keyDown(within(menu()).getByRole('link', { name: 'Tous les packs' }), { key: 'Escape' });
    expect(toggle('Pack').getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle('Pack'));
  });

  it('submits the search panel to the catalogue URL', async () => {
    await renderHeader();
    // The panel's code and words come when it first opens (decision 028): awaited, React's test scope lets it render then.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Rechercher' })));
    const form = await screen.findByRole('search');
    fireEvent.change(within(form).getByRole('combobox', { name: 'Catégorie' }), { target: { value: 'makeup' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Rechercher un produit' }), { target: { value: 'rouge' } });
    fireEvent.submit(form);
    expect(screen.getByTestId('where').textContent).toBe('/shop/all?q=rouge&category=makeup');
    expect(screen.queryByRole('search')).toBeNull();
  });

  it('leads to the catalogue with the panel open before hydration, and renders it open there', async () => {
    await renderHeader('/shop/face');
    const toggle = screen.getByRole('button', { name: 'Rechercher' });
    const form = toggle.closest('form')!;
    expect(form.getAttribute('action')).toBe('/shop/all');
    expect(Object.fromEntries(new FormData(form))).toEqual({ recherche: '1' });
    cleanup();
    await renderHeader('/shop/all?recherche=1');
    const panel = await screen.findByRole('search', { name: 'Rechercher des produits' });
    expect(within(panel).getByRole('combobox', { name: 'Rechercher un produit' })).toBeTruthy();
    // The header's button (the panel's own « Rechercher » submits it).
    expect(screen.getAllByRole('button', { name: 'Rechercher' })[0]!.getAttribute('aria-expanded')).toBe('true');
  });

  it('links the wishlist icon to the spec’s route', async () => {
    await renderHeader();
    expect(screen.getByRole('link', { name: 'Liste d’envies' }).getAttribute('href')).toBe('/shop/whistlist');
  });
});

describe('Header in Arabic, and the language switch', () => {
  const languageSwitch = () => screen.getAllByTestId('language-switch')[0]!;

  it('links a French page to the same page in Arabic, its query and fragment kept', async () => {
    await renderHeader('/shop/face?tri=prix#avis');
    const link = languageSwitch();
    expect(link.textContent).toBe('العربية');
    expect(link.getAttribute('href')).toBe('/ar/shop/face?tri=prix#avis');
    expect(link.getAttribute('lang')).toBe('ar');
    expect(link.getAttribute('hreflang')).toBe('ar-MA');
    cleanup();
    await renderHeader('/');
    expect(languageSwitch().getAttribute('href')).toBe('/ar');
  });

  it('speaks Arabic on an Arabic page, its links keeping /ar, and links back to the French page', async () => {
    await renderHeader('/ar/shop/face?tri=prix', 'default', 'ar-MA');
    const menu = await screen.findByRole('navigation', { name: 'القائمة الرئيسية' });
    expect(within(menu).getAllByRole('link').map((a) => a.textContent)).toEqual([
      'الرئيسية',
      'الوجه',
      'الجسم',
      'الشعر',
      'المجموعات',
      'المتجر',
    ]);
    expect(screen.getByRole('link', { name: 'اكتشف المتجر' }).getAttribute('href')).toBe('/ar/shop/all');
    expect(screen.getByRole('link', { name: 'المفضلة' }).getAttribute('href')).toBe('/ar/shop/whistlist');
    expect(screen.getByRole('button', { name: 'حسابي' })).toBeTruthy();

    const link = languageSwitch();
    expect(link.textContent).toBe('Français');
    expect(link.getAttribute('href')).toBe('/shop/face?tri=prix');
    expect(link.getAttribute('lang')).toBe('fr');
    expect(link.getAttribute('hreflang')).toBe('fr-MA');
  });

  it('searches the catalogue with Arabic words on an Arabic page', async () => {
    await renderHeader('/ar/shop/face', 'default', 'ar-MA');
    const menu = await screen.findByRole('navigation', { name: 'القائمة الرئيسية' });
    fireEvent.click(within(menu).getByRole('button', { name: 'قائمة الوجه الفرعية' }));
    const serums = new URL(within(menu).getByRole('link', { name: 'السيرومات' }).getAttribute('href')!, 'https://shop.test');
    expect(serums.pathname).toBe('/ar/shop/all');
    expect(Object.fromEntries(serums.searchParams)).toEqual({ q: 'سيروم', category: 'face' });

    fireEvent.click(screen.getByRole('button', { name: 'بحث' }));
    const form = await screen.findByRole('search', { name: 'البحث عن المنتجات' });
    expect(form.getAttribute('action')).toBe('/ar/shop/all');
    expect(within(form).getByRole('combobox', { name: 'ابحث عن منتج' }).getAttribute('placeholder')).toBe('ابحث عن منتج…');
  });
});
