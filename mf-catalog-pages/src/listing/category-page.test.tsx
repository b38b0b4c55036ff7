// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import type { Category } from '@shop/contracts/products';
import type { ShopLocale } from '@shop/contracts/locales';
import type { ProductPage } from '@shop/contracts/product-query';
import { fetchMock, stubFetchPerTest } from '../shared/fetch-stub';
import { renderInLanguage } from '../shared/messages-test-kit';
import { jsonResponse } from '../shared/order-fixtures';
import { aPage, aProduct, lowStock } from '../shared/product-fixtures';
import { CategoryPage } from './category-page';

stubFetchPerTest();

/** The catalogue as cart-service answers `?lang=ar-MA`: the same products, their names in Arabic. */
const arabicCatalogue = [
  aProduct('sv-002', { name: 'كريم مرطّب بالأركان', description: 'كريم نهاري بزيت الأركان العضوي.', price: 179 }),
  aProduct('sv-003', { name: 'ماء الورد من قلعة مكونة', description: 'ماء زهري نقي.', price: 89, oldPrice: 110 }),
  aProduct('sc-001', { name: 'الصابون البلدي بالأوكالبتوس', description: 'صابون أسود.', category: 'body', price: 59, availability: lowStock(1) }),
  aProduct('sh-001', { name: 'شامبو الغاسول والأركان', description: 'شامبو لطيف.', category: 'hair', price: 99 }),
];

const urls = () => fetchMock.mock.calls.map(([url]) => String(url));

async function renderPage(locale: ShopLocale, path: string, pages: Record<string, ProductPage>, category: Category | 'all' = 'all') {
  fetchMock.mockImplementation(async (input) => {
    const page = pages[String(input)];
    return page ? jsonResponse(page) : jsonResponse({ error: { code: 'validation_failed', message: String(input) } }, 400);
  });
  return renderInLanguage(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[path]}>
        <CategoryPage locale={locale} category={category} />
      </MemoryRouter>
    </SWRConfig>,
    locale,
  );
}

describe('CategoryPage in Arabic', () => {
  it('reads its first page in Arabic and shows it with Arabic words, prices and the API’s total', async () => {
    await renderPage('ar-MA', '/shop/all', { '/api/products?limit=12&lang=ar-MA': aPage(arabicCatalogue) });
    expect(await screen.findByRole('heading', { level: 1, name: 'كل منتجاتنا' })).toBeTruthy();
    expect(urls()).toEqual(['/api/products?limit=12&lang=ar-MA']);
    expect(await screen.findByText('4 منتجات')).toBeTruthy();
    expect(screen.getByLabelText('ترتيب حسب')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'السعر: من الأقل إلى الأعلى' })).toBeTruthy();
    const rose = screen.getByRole('link', { name: 'ماء الورد من قلعة مكونة' }).closest('li')!;
    expect(rose.querySelector('[data-price] strong')!.textContent).toBe('89,00\u00a0د.م.');
    expect(within(rose).getByText('خصم 19%')).toBeTruthy();
    expect(within(rose).getByRole('button', { name: 'أضف إلى السلة: ماء الورد من قلعة مكونة' })).toBeTruthy();
    const soap = screen.getByRole('link', { name: 'الصابون البلدي بالأوكالبتوس' }).closest('li')!;
    expect(within(soap).getByText('بقيت قطعة واحدة فقط')).toBeTruthy();
    // Nothing left in French: every Latin letter on the page would be one.
    expect(document.body.textContent).not.toMatch(/[A-Za-zÀ-ÿ]/);
  });

  it('hands the search to the API and shows what it found, with the search said', async () => {
    const found = '/api/products?q=%D8%A7%D9%84%D8%A3%D8%B1%D9%83%D8%A7%D9%86&limit=12&lang=ar-MA';
    await renderPage('ar-MA', '/shop/all?q=%D8%A7%D9%84%D8%A3%D8%B1%D9%83%D8%A7%D9%86', { [found]: aPage([arabicCatalogue[0]!, arabicCatalogue[3]!]) });
    expect(await screen.findByText('منتجان')).toBeTruthy();
    expect(urls()).toEqual([found]);
    expect(screen.getByText('« الأركان »')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'مسح البحث' })).toBeTruthy();
  });

  it('says honestly that the shop sells no makeup, without asking the API', async () => {
    await renderPage('ar-MA', '/shop/all?q=zzz&category=makeup', {});
    expect(await screen.findByText('لا توجد منتجات')).toBeTruthy();
    expect(screen.getByText('لا يوجد منتج يطابق بحثك. جرّب كلمة أخرى أو أزل أحد الفلاتر.')).toBeTruthy();
    expect(screen.getByText(/في « المكياج »/)).toBeTruthy();
    expect(urls()).toEqual([]);
  });
});

describe('CategoryPage in French', () => {
  it('sorts by the URL’s sort, and a new sort is a new read', async () => {
    await renderPage('fr-MA', '/shop/all?sort=prix-croissant', {
      '/api/products?sort=prix-croissant&limit=12': aPage(arabicCatalogue),
      '/api/products?sort=nouveautes&limit=12': aPage(arabicCatalogue.slice(0, 2), { total: 2 }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tous nos produits' })).toBeTruthy();
    expect(await screen.findByText('4 produits')).toBeTruthy();
    expect((screen.getByLabelText('Trier par') as HTMLSelectElement).value).toBe('prix-croissant');
    fireEvent.change(screen.getByLabelText('Trier par'), { target: { value: 'nouveautes' } });
    expect(await screen.findByText('2 produits')).toBe(screen.getByRole('status'));
    expect((screen.getByLabelText('Trier par') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Nouveautés');
    expect(urls()).toEqual(['/api/products?sort=prix-croissant&limit=12', '/api/products?sort=nouveautes&limit=12']);
  });

  it('adds the next page below with its cursor, behind a real link to it, with no product twice', async () => {
    const [a, b, c] = [aProduct('a', { name: 'Sérum A' }), aProduct('b', { name: 'Sérum B' }), aProduct('c', { name: 'Sérum C' })];
    await renderPage(
      'fr-MA',
      '/shop/face',
      {
        '/api/products?category=face&limit=12': aPage([a, b], { total: 3, nextCursor: 'c1' }),
        // B moved between the two reads: it is not shown twice.
        '/api/products?category=face&limit=12&cursor=c1': aPage([b, c], { total: 3 }),
      },
      'face',
    );
    expect(await screen.findByText('2 produits affichés sur 3')).toBeTruthy();
    const more = screen.getByRole('link', { name: 'Voir plus de produits' });
    expect(more.getAttribute('href')).toBe('?cursor=c1');
    fireEvent.click(more);
    expect(await screen.findByText('3 produits')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Sérum A', 'Sérum B', 'Sérum C']);
    expect(screen.queryByRole('link', { name: 'Voir plus de produits' })).toBeNull();
    expect(screen.getByText('Vous avez vu tous les produits de cette sélection.')).toBeTruthy();
  });

  it('shows a later page on its own when the URL has its cursor (a link followed without JavaScript)', async () => {
    await renderPage('fr-MA', '/shop/face?cursor=c1', { '/api/products?category=face&limit=12&cursor=c1': aPage([aProduct('c')], { total: 3 }) }, 'face');
    expect(await screen.findByText('Suite de la sélection : 1 produit sur 3')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Revenir au début de la sélection' }).getAttribute('href')).toBe('?'));
  });
});
