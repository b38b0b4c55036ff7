// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { Product } from '@shop/contracts/products';
import type { ShopLocale } from '@shop/contracts/locales';
import { renderInLanguage } from '../messages-test-kit';
import { aProduct, lowStock, outOfStock } from '../product-fixtures';
import { ProductCard } from './product-card';

afterEach(cleanup);

async function renderCard(product: Product, locale: ShopLocale = 'fr-MA') {
  await renderInLanguage(
    <MemoryRouter>
      <ul>
        <ProductCard product={product} apiBase="" eager={false} />
      </ul>
    </MemoryRouter>,
    locale,
  );
  return screen.getByRole('listitem');
}

describe('ProductCard', () => {
  it('shows an out-of-stock product with a badge and a disabled button that both say “Rupture de stock”', async () => {
    const card = await renderCard(aProduct('sh-005', { name: 'Henné naturel du Sud', availability: outOfStock }));
    expect(within(card).getAllByText('Rupture de stock').length).toBe(2);
    const button = within(card).getByRole('button', { name: 'Rupture de stock : Henné naturel du Sud' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe('Rupture de stock');
    expect(within(card).queryByRole('button', { name: /Ajouter au panier/ })).toBeNull();
  });

  it('says how many are left when stock is low, and can still be added', async () => {
    const card = await renderCard(aProduct('sc-003', { name: 'Huile sèche', availability: lowStock(2) }));
    expect(within(card).getByText('Plus que 2 en stock')).toBeTruthy();
    expect((within(card).getByRole('button', { name: 'Ajouter au panier : Huile sèche' }) as HTMLButtonElement).disabled).toBe(false);
    expect(within(card).queryByText(/Rupture de stock/)).toBeNull();
  });

  it('shows no badge in stock', async () => {
    const card = await renderCard(aProduct('sv-001', { name: 'Sérum' }));
    expect(within(card).queryByText(/en stock|Rupture/i)).toBeNull();
    expect((within(card).getByRole('button', { name: 'Ajouter au panier : Sérum' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('speaks Arabic on an Arabic page: the catalogue’s Arabic name, the badge, the button and the price', async () => {
    const card = await renderCard(
      aProduct('sc-003', { name: 'زيت جاف بالأركان والعنبر', price: 149, oldPrice: 180, availability: lowStock(2) }),
      'ar-MA',
    );
    expect(within(card).getByText('بقيت قطعتان فقط')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'أضف إلى السلة: زيت جاف بالأركان والعنبر' }).textContent).toBe('أضف إلى السلة');
    expect(within(card).getByRole('button', { name: 'أضف زيت جاف بالأركان والعنبر إلى قائمة الأمنيات' })).toBeTruthy();
    const prices = card.querySelector('[data-price]')!;
    // Western digits, the dirham's Arabic sign after a no-break space, no direction marks (contracts' money.ts).
    expect(prices.querySelector('strong')!.textContent).toBe('149,00\u00a0د.م.');
    expect(prices.querySelector('s')!.textContent).toBe('180,00\u00a0د.م.');
    expect(within(card).getByText('خصم 17%')).toBeTruthy();
    expect(prices.textContent).toBe('السعر بعد التخفيض:149,00\u00a0د.م.بدلًا من180,00\u00a0د.م.خصم 17%');
    expect(card.textContent).not.toMatch(/[A-Za-zÀ-ÿ]/);
  });
});
