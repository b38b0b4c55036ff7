// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import type { ShopLocale } from '@shop/contracts/locales';
import { fetchMock, stubFetchPerTest } from '../shared/fetch-stub';
import { renderInLanguage } from '../shared/messages-test-kit';
import { jsonResponse } from '../shared/order-fixtures';
import { aProduct, lowStock } from '../shared/product-fixtures';
import { CategoryPage } from './category-page';

stubFetchPerTest();

/** The catalogue as cart-service answers `?lang=ar-MA`: the same products, their names in Arabic. */
const arabicCatalogue = [
  aProduct('sv-002', { name: 'كريم مرطّب بالأركان', description: 'كريم نهاري بزيت الأركان العضوي.', price: 179 }),
  aProduct('sv-003', { name: 'ماء الورد من قلعة مكونة', description: 'ماء زهري نقي.', price: 89, oldPrice: 110 }),
  aProduct('sc-001', { name: 'الصابون البلدي بالأوكالبتوس', description: 'صابون أسود.', category: 'body', price: 59, availability: lowStock(1) }),
  aProduct('sh-001', { name: 'شامبو الغاسول والأركان', description: 'شامبو لطيف.', category: 'hair', price: 99 }),
];

async function renderPage(locale: ShopLocale, path = '/shop/all') {
  fetchMock.mockImplementation(async () => jsonResponse({ products: arabicCatalogue }));
  return renderInLanguage(
    <SWRConfig value={{ provider: () => new Map() }}>
      <MemoryRouter initialEntries={[path]}>
        <CategoryPage locale={locale} category="all" />
      </MemoryRouter>
    </SWRConfig>,
    locale,
  );
}

describe('CategoryPage in Arabic', () => {
  it('reads the catalogue in Arabic and shows it with Arabic words and prices', async () => {
    await renderPage('ar-MA');
    expect(await screen.findByRole('heading', { level: 1, name: 'كل منتجاتنا' })).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/products?lang=ar-MA']);
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

  it('finds the Arabic names and the Arabic category names, with or without « ال »', async () => {
    await renderPage('ar-MA', '/shop/all?q=%D8%A7%D9%84%D8%A3%D8%B1%D9%83%D8%A7%D9%86');
    expect(await screen.findByText('منتجان')).toBeTruthy();
    expect(screen.getByText('« الأركان »')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'مسح البحث' })).toBeTruthy();
  });

  it('says so when nothing matches, in Arabic', async () => {
    await renderPage('ar-MA', '/shop/all?q=zzz&category=makeup');
    expect(await screen.findByText('لا توجد منتجات')).toBeTruthy();
    expect(screen.getByText('لا يوجد منتج يطابق بحثك. جرّب كلمة أخرى أو أزل أحد الفلاتر.')).toBeTruthy();
    expect(screen.getByText(/في « المكياج »/)).toBeTruthy();
  });

  it('speaks French on a French page, as before', async () => {
    await renderPage('fr-MA', '/shop/all?sort=prix-croissant');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tous nos produits' })).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/products']);
    expect(await screen.findByText('4 produits')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Trier par'), { target: { value: 'nouveautes' } });
    expect((screen.getByLabelText('Trier par') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Nouveautés');
  });
});
