// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCALE_PREFIXES, type ShopLocale } from '@shop/contracts/locales';
import { formatPrice } from '@shop/contracts/money';
import type { ProductsResponse } from '@shop/contracts/products';
import { Messages } from '../../messages/messages';
import { EVERY_GROUP, messagesLoaded } from '../../messages/messages-loaded';
import { SearchPanel } from './search-panel';
import { SUGGEST_DELAY_MS, type Suggestion } from './suggestions';

beforeAll(() => messagesLoaded('fr-MA', 'ar-MA'));
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const product = (slug: string, name: string, price: number): Suggestion => ({ id: slug, slug, name, price, images: [`/images/products/${slug}.svg`] });
const CREAMS = [
  product('creme-hydratante-argan', 'Crème hydratante à l’argan', 129),
  product('creme-mains-karite', 'Crème mains au karité', 65),
  product('creme-nuit-figue', 'Crème de nuit à la figue de Barbarie', 189),
];

/** A stand-in for the API: each request waits until the test answers it, and keeps its signal to show aborts. */
function fakeApi() {
  const requests: { url: string; signal: AbortSignal; answer: (products: Suggestion[]) => Promise<void> }[] = [];
  const fetchImpl = vi.fn((url: string, init: RequestInit) => {
    return new Promise<Response>((resolve, reject) => {
      const signal = init.signal!;
      signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      requests.push({
        url,
        signal,
        answer: (products) =>
          act(async () => {
            const page = { products, total: products.length, facets: {}, nextCursor: null } as unknown as ProductsResponse;
            resolve({ ok: true, status: 200, json: async () => page } as Response);
          }),
      });
    });
  });
  vi.stubGlobal('fetch', fetchImpl);
  return { requests, fetchImpl };
}

function renderPanel(locale: ShopLocale = 'fr-MA') {
  const onClose = vi.fn();
  function Where() {
    const { pathname } = useLocation();
    return <p data-testid="where">{pathname}</p>;
  }
  render(
    <MemoryRouter initialEntries={[`${LOCALE_PREFIXES[locale]}/shop/face`]} basename={LOCALE_PREFIXES[locale] || undefined}>
      <Messages locale={locale} groups={EVERY_GROUP}>
        <SearchPanel id="panel" open onClose={onClose} />
      </Messages>
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  const box = screen.getByRole('combobox', { name: locale === 'fr-MA' ? 'Rechercher un produit' : 'ابحث عن منتج' });
  return { box, onClose };
}

const type = (box: HTMLElement, value: string) => fireEvent.change(box, { target: { value } });
const wait = (ms: number) => act(async () => void vi.advanceTimersByTime(ms));

describe('SearchPanel suggestions', () => {
  it('asks once the typing rests, never for an empty text, and in the page’s language', async () => {
    const { requests } = fakeApi();
    const { box } = renderPanel();
    type(box, '   ');
    await wait(SUGGEST_DELAY_MS * 2);
    expect(requests).toHaveLength(0);

    type(box, 'c');
    await wait(SUGGEST_DELAY_MS - 50);
    type(box, 'cr');
    await wait(SUGGEST_DELAY_MS - 50);
    type(box, 'creme');
    await wait(SUGGEST_DELAY_MS - 1);
    expect(requests).toHaveLength(0);
    await wait(1);
    expect(requests.map((r) => r.url)).toEqual(['/api/products?q=creme&limit=6']);

    cleanup();
    const arabic = renderPanel('ar-MA');
    type(arabic.box, 'مرطب');
    await wait(SUGGEST_DELAY_MS);
    expect(requests[1]!.url).toBe(`/api/products?q=${encodeURIComponent('مرطب')}&limit=6&lang=ar-MA`);
  });

  it('aborts a request the typing went past, and never shows its late answer', async () => {
    const { requests } = fakeApi();
    const { box } = renderPanel();
    type(box, 'cre');
    await wait(SUGGEST_DELAY_MS);
    type(box, 'creme');
    expect(requests[0]!.signal.aborted).toBe(true);
    await wait(SUGGEST_DELAY_MS);
    expect(requests[1]!.url).toBe('/api/products?q=creme&limit=6');
    await requests[1]!.answer(CREAMS);
    await requests[0]!.answer([product('savon-noir', 'Savon noir beldi', 45)]);
    const listbox = screen.getByRole('listbox', { name: 'Produits suggérés' });
    expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual(CREAMS.map((c) => c.name + formatPrice(c.price)));
  });

  it('is a combobox whose arrows move through the options, and Enter opens the product', async () => {
    const { requests } = fakeApi();
    const { box, onClose } = renderPanel();
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.getAttribute('aria-autocomplete')).toBe('list');
    type(box, 'creme');
    await wait(SUGGEST_DELAY_MS);
    await requests[0]!.answer(CREAMS);

    const listbox = screen.getByRole('listbox', { name: 'Produits suggérés' });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(listbox.id);
    expect(box.hasAttribute('aria-activedescendant')).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('3 produits suggérés, parcourez-les avec les flèches haut et bas');
    const options = within(listbox).getAllByRole('option');
    expect(options[0]!.querySelector('img')!.getAttribute('src')).toBe('/images/products/creme-hydratante-argan.svg');

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('false');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(screen.getByTestId('where').textContent).toBe('/shop/product/creme-mains-karite');
    expect(onClose).toHaveBeenCalledWith(false);
  });

  it('closes the suggestions with a first Escape and the panel with the second; arrows open them again', async () => {
    const { requests } = fakeApi();
    const { box, onClose } = renderPanel();
    type(box, 'creme');
    await wait(SUGGEST_DELAY_MS);
    await requests[0]!.answer(CREAMS);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.hasAttribute('aria-activedescendant')).toBe(false);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box.getAttribute('aria-activedescendant')).toBe(within(screen.getByRole('listbox')).getAllByRole('option')[2]!.id);
    fireEvent.keyDown(box, { key: 'Escape' });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('leaves Enter to the form while no option is chosen; a click on an option opens it', async () => {
    const { requests } = fakeApi();
    const { box } = renderPanel();
    type(box, 'creme');
    await wait(SUGGEST_DELAY_MS);
    await requests[0]!.answer(CREAMS);
    // Not prevented: the browser submits the form, to the listing.
    expect(fireEvent.keyDown(box, { key: 'Enter' })).toBe(true);
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: /Crème de nuit/ }));
    expect(screen.getByTestId('where').textContent).toBe('/shop/product/creme-nuit-figue');
  });

  it('follows the category the select names, and asks nothing for one the catalogue has none of', async () => {
    const { requests } = fakeApi();
    const { box } = renderPanel();
    fireEvent.change(screen.getByRole('combobox', { name: 'Catégorie' }), { target: { value: 'hair' } });
    type(box, 'huile');
    await wait(SUGGEST_DELAY_MS);
    expect(requests.map((r) => r.url)).toEqual(['/api/products?category=hair&q=huile&limit=6']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Catégorie' }), { target: { value: 'makeup' } });
    await wait(SUGGEST_DELAY_MS);
    expect(requests).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('Aucun produit suggéré');
  });

  it('speaks Arabic, prices in Western digits, and says when suggestions failed', async () => {
    const { requests } = fakeApi();
    const { box } = renderPanel('ar-MA');
    type(box, 'اركان');
    await wait(SUGGEST_DELAY_MS);
    await requests[0]!.answer([product('huile-argan', 'زيت الأركان الخالص', 149)]);
    const listbox = screen.getByRole('listbox', { name: 'منتجات مقترحة' });
    expect(screen.getByRole('status').textContent).toBe('منتج واحد مقترح، تنقّل بالسهمين للأعلى وللأسفل');
    expect(within(listbox).getByRole('option').textContent).toMatch(/^زيت الأركان الخالص.*149/);
    vi.mocked(fetch).mockRejectedValueOnce(new TypeError('offline'));
    type(box, 'اركان زيت');
    await wait(SUGGEST_DELAY_MS);
    expect(screen.getByRole('status').textContent).toBe('الاقتراحات غير متاحة حاليًا، والبحث ما زال يعمل.');
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });
});
