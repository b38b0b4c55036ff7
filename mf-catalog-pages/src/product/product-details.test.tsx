// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { Product } from '@shop/contracts/products';
import type { ShopLocale } from '@shop/contracts/locales';
import { renderInLanguage } from '../shared/messages-test-kit';
import { aProduct, henna, lowStock, outOfStock } from '../shared/product-fixtures';
import { ProductDetails } from './product-details';
import { defaultProductOptions } from './product-layouts';
import type { ProductLayoutOptions } from './product-layouts';

afterEach(cleanup);

async function renderDetails(product: Product, options: ProductLayoutOptions = defaultProductOptions, locale: ShopLocale = 'fr-MA') {
  await renderInLanguage(
    <MemoryRouter>
      <ProductDetails product={product} apiBase="" options={options} />
    </MemoryRouter>,
    locale,
  );
}

const GENERIC_RESTOCK_NOTE = 'Nous le réapprovisionnons dès que possible ; la date de retour n’est pas encore connue.';
const HENNA_RESTOCK_NOTE = 'La prochaine récolte de henné du Sud est attendue ; la date de retour n’est pas encore connue.';

const quantity = () => screen.queryByRole('spinbutton', { name: 'Quantité' }) as HTMLInputElement | null;
const plus = () => screen.getByRole('button', { name: 'Augmenter la quantité' }) as HTMLButtonElement;

describe('ProductDetails stock', () => {
  it('out of stock: says “Rupture de stock”, disables adding and hides the quantity', async () => {
    await renderDetails(aProduct('p1', { availability: outOfStock }));
    expect(screen.getByText('Rupture de stock.')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Rupture de stock' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Ajouter au panier' })).toBeNull();
    expect(quantity()).toBeNull();
    expect(screen.getByText(GENERIC_RESTOCK_NOTE)).toBeTruthy();
    // The alert form's code is fetched when it is shown (decision 028).
    expect(await screen.findByRole('heading', { name: 'Être prévenu du retour en stock' })).toBeTruthy();
  });

  it('shows the restock note written for a product, only while it is out of stock', async () => {
    await renderDetails(henna);
    expect(screen.getByText(HENNA_RESTOCK_NOTE)).toBeTruthy();
    expect(screen.queryByText(GENERIC_RESTOCK_NOTE)).toBeNull();
    cleanup();
    await renderDetails({ ...henna, availability: lowStock(4) });
    expect(screen.queryByText(HENNA_RESTOCK_NOTE)).toBeNull();
    expect(screen.queryByText(/Rupture de stock/)).toBeNull();
  });

  it('low stock: gives the number left, and the quantity cannot go past it', async () => {
    await renderDetails(aProduct('p2', { availability: lowStock(2) }));
    expect(screen.getByText(/Stock limité/).closest('p')!.textContent).toBe('Stock limité : plus que 2 exemplaires disponibles.');
    expect(quantity()!.max).toBe('2');
    fireEvent.click(plus());
    expect(quantity()!.value).toBe('2');
    expect(plus().disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Ajouter au panier' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('low stock with one left: singular, and nothing more than one', async () => {
    await renderDetails(aProduct('p3', { availability: lowStock(1) }));
    expect(screen.getByText(/Stock limité/).closest('p')!.textContent).toBe('Stock limité : plus que 1 exemplaire disponible.');
    expect(quantity()!.max).toBe('1');
    expect(plus().disabled).toBe(true);
  });

  it('low stock with formats: the maximum is what is left divided by the format’s units', async () => {
    await renderDetails(aProduct('p4', { availability: lowStock(5) }), { ...defaultProductOptions, formats: true });
    expect(quantity()!.max).toBe('5');
    fireEvent.click(screen.getByRole('radio', { name: /Duo/ }));
    expect(quantity()!.max).toBe('2');
    fireEvent.click(screen.getByRole('radio', { name: /Trio/ }));
    expect(quantity()!.max).toBe('1');
  });

  it('low stock with formats: a format needing more units than are left cannot be chosen', async () => {
    await renderDetails(aProduct('p5', { availability: lowStock(2) }), { ...defaultProductOptions, formats: true });
    expect((screen.getByRole('radio', { name: /Duo/ }) as HTMLInputElement).disabled).toBe(false);
    expect((screen.getByRole('radio', { name: /Trio/ }) as HTMLInputElement).disabled).toBe(true);
  });

  it('in stock: as before, up to the line cap', async () => {
    await renderDetails(aProduct('p6'));
    expect(screen.getByText('En stock, paiement à la livraison.')).toBeTruthy();
    expect(quantity()!.max).toBe('99');
    expect(screen.queryByText(/Stock limité|Rupture de stock/)).toBeNull();
  });
});

describe('ProductDetails in Arabic', () => {
  it('says the stock, its restock note and « Me prévenir » in Arabic', async () => {
    await renderDetails({ ...henna, name: 'حناء طبيعية من الجنوب' }, defaultProductOptions, 'ar-MA');
    expect(screen.getByText('نفد من المخزون.').closest('p')!.textContent).toBe('نفد من المخزون. لا يمكن طلب هذا المنتج حاليًا.');
    expect(screen.getByText('ننتظر المحصول القادم من حنّاء الجنوب؛ ولم يُحدَّد بعدُ موعد عودته.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'نفد من المخزون' }) as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByRole('heading', { name: 'تنبيه عند عودة المنتج إلى المخزون' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'أعلمني عند التوفر' })).toBeTruthy();
  });

  it('counts what is left with Arabic plurals', async () => {
    await renderDetails(aProduct('p2', { availability: lowStock(2) }), defaultProductOptions, 'ar-MA');
    expect(screen.getByText(/كمية محدودة/).closest('p')!.textContent).toBe('كمية محدودة: بقيت قطعتان فقط.');
    cleanup();
    await renderDetails(aProduct('p3', { availability: lowStock(3) }), defaultProductOptions, 'ar-MA');
    expect(screen.getByText(/كمية محدودة/).closest('p')!.textContent).toBe('كمية محدودة: بقيت 3 قطع فقط.');
  });

  it('moves between the tabs with the arrows as they run: right to left, the left arrow goes to the next tab', async () => {
    await renderDetails(aProduct('p6'), defaultProductOptions, 'ar-MA');
    const description = await screen.findByRole('tab', { name: 'الوصف' });
    fireEvent.keyDown(description, { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { name: 'طريقة الاستعمال' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'طريقة الاستعمال' }).textContent).toContain('يُحفظ بعيدًا عن الضوء والحرارة.');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'طريقة الاستعمال' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'الوصف' }).getAttribute('aria-selected')).toBe('true');
  });

  it('left to right, the right arrow goes to the next tab', async () => {
    await renderDetails(aProduct('p6'));
    fireEvent.keyDown(await screen.findByRole('tab', { name: 'Description' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Conseils d’utilisation' }).getAttribute('aria-selected')).toBe('true');
  });
});
