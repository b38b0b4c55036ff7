// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Product } from '@shop/contracts/products';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInLanguage } from '../shared/messages-test-kit';
import { ProductCard } from '../shared/product-card/product-card';
import { apiError, jsonResponse } from '../shared/order-fixtures';
import { ProductPage } from './product-page';
import { showToast } from '@shop/contracts/toast';
import { aProduct, lowStock, outOfStock } from '../shared/product-fixtures';
import { useListingPage } from '../shared/use-listing-page';

vi.mock('@shop/contracts/toast', () => ({ showToast: vi.fn() }));

const MESSAGE = '« Huile sèche » est en rupture de stock : il n’en reste pas assez pour votre panier.';
const lastOne = aProduct('sc-003', { slug: 'huile-seche', name: 'Huile sèche', availability: lowStock(1) });
const soldOut: Product = { ...lastOne, availability: outOfStock };

/** The service as it is once someone else took the last one: the catalogue says out of stock, adding is refused. */
const fetchMock = vi.fn<typeof fetch>();
let stock: Product = lastOne;
beforeEach(() => {
  stock = lastOne;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (init?.method === 'POST' && url === '/api/cart/add') {
      stock = soldOut;
      return apiError(409, 'out_of_stock', MESSAGE);
    }
    if (url === '/api/products?category=body') return jsonResponse({ products: [stock], total: 1, nextCursor: null });
    if (url === '/api/products/huile-seche') return jsonResponse({ product: stock, related: [] });
    return jsonResponse({ error: { code: 'not_found', message: 'Introuvable.' } }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(showToast).mockClear();
});

const gets = (url: string) => fetchMock.mock.calls.filter(([u, init]) => String(u) === url && init?.method !== 'POST').length;

async function renderWithCache(children: React.ReactNode) {
  await renderInLanguage(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter>{children}</MemoryRouter>
    </SWRConfig>,
  );
}

function Listing() {
  const products = useListingPage('', { category: 'body' }).page?.products;
  return <ul>{products?.map((p) => <ProductCard key={p.id} product={p} apiBase="" eager={false} />)}</ul>;
}

describe('AddToCartButton when the service says the product is out of stock', () => {
  it('on a card: shows the service’s message and reads the listing page again, so the card says “Rupture de stock”', async () => {
    await renderWithCache(<Listing />);
    const card = await screen.findByRole('listitem');
    expect(within(card).getByText('Plus que 1 en stock')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Ajouter au panier : Huile sèche' }));

    await waitFor(() => expect(within(card).getByText('Rupture de stock', { selector: 'span' })).toBeTruthy());
    expect((within(card).getByRole('button', { name: 'Rupture de stock : Huile sèche' }) as HTMLButtonElement).disabled).toBe(true);
    expect(vi.mocked(showToast).mock.calls).toEqual([['error', MESSAGE]]);
    expect(gets('/api/products?category=body')).toBe(2);
  });

  it('on the product page: the page reads the product again and shows it out of stock', async () => {
    await renderWithCache(<ProductPage locale="fr-MA" slug="huile-seche" notFound={<p>404</p>} />);
    expect(await screen.findByText(/plus que 1 exemplaire disponible/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter au panier' }));

    expect(await screen.findByText('Rupture de stock.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Rupture de stock' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('spinbutton', { name: 'Quantité' })).toBeNull();
    expect(vi.mocked(showToast).mock.calls).toEqual([['error', MESSAGE]]);
    expect(gets('/api/products/huile-seche')).toBe(2);
  });

  it('does not read the catalogue again after it was added', async () => {
    fetchMock.mockImplementation(async (input, init) =>
      init?.method === 'POST' ? jsonResponse({ cart: [] }) : jsonResponse({ products: [lastOne], total: 1, nextCursor: null }),
    );
    await renderWithCache(<Listing />);
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter au panier : Huile sèche' }));
    await waitFor(() => expect(vi.mocked(showToast)).toHaveBeenCalledWith('success', 'Huile sèche a été ajouté au panier.', { toastId: 'cart-added:sc-003' }));
    expect(gets('/api/products?category=body')).toBe(1);
  });
});
