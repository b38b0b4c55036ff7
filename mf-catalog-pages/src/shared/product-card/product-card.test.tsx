// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { Product } from '@shop/contracts/products';
import { aProduct, lowStock, outOfStock } from '../product-fixtures';
import { ProductCard } from './product-card';

afterEach(cleanup);

function renderCard(product: Product) {
  render(
    <MemoryRouter>
      <ul>
        <ProductCard product={product} apiBase="" eager={false} />
      </ul>
    </MemoryRouter>,
  );
  return screen.getByRole('listitem');
}

describe('ProductCard', () => {
  it('shows an out-of-stock product with a badge and a disabled button that both say “Rupture de stock”', () => {
    const card = renderCard(aProduct('sh-005', { name: 'Henné naturel du Sud', availability: outOfStock }));
    expect(within(card).getAllByText('Rupture de stock').length).toBe(2);
    const button = within(card).getByRole('button', { name: 'Rupture de stock : Henné naturel du Sud' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe('Rupture de stock');
    expect(within(card).queryByRole('button', { name: /Ajouter au panier/ })).toBeNull();
  });

  it('says how many are left when stock is low, and can still be added', () => {
    const card = renderCard(aProduct('sc-003', { name: 'Huile sèche', availability: lowStock(2) }));
    expect(within(card).getByText('Plus que 2 en stock')).toBeTruthy();
    expect((within(card).getByRole('button', { name: 'Ajouter au panier : Huile sèche' }) as HTMLButtonElement).disabled).toBe(false);
    expect(within(card).queryByText(/Rupture de stock/)).toBeNull();
  });

  it('shows no badge in stock', () => {
    const card = renderCard(aProduct('sv-001', { name: 'Sérum' }));
    expect(within(card).queryByText(/en stock|Rupture/i)).toBeNull();
    expect((within(card).getByRole('button', { name: 'Ajouter au panier : Sérum' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
