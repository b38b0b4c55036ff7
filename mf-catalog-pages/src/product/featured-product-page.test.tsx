// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import type { ProductLayout } from '@shop/contracts/exposes';
import type { Product } from '@shop/contracts/products';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { renderInLanguage } from '../shared/messages-test-kit';
import { jsonResponse } from '../shared/order-fixtures';
import { aProduct, lowStock, outOfStock } from '../shared/product-fixtures';
import { FeaturedProductPage } from './featured-product-page';
import { fetchMock, stubFetchPerTest } from '../shared/fetch-stub';

stubFetchPerTest();

async function renderLayout(layout: ProductLayout, products: Product[]) {
  fetchMock.mockImplementation(async () => jsonResponse({ products }));
  await renderInLanguage(
    <SWRConfig value={{ provider: () => new Map() }}>
      <MemoryRouter>
        <FeaturedProductPage locale="fr-MA" layout={layout} />
      </MemoryRouter>
    </SWRConfig>,
  );
}

const allInStock = [aProduct('a', { name: 'Sérum' }), aProduct('b', { name: 'Crème', oldPrice: 150 })];

describe('FeaturedProductPage', () => {
  it.each([
    ['out-of-stock', 'Aucun produit n’est en rupture de stock en ce moment.'],
    ['notify-me', 'Aucun produit n’est en rupture de stock en ce moment.'],
    ['low-stock-notice', 'Aucun produit n’est en stock limité en ce moment.'],
  ] as const)('%s: says in French that no product is in that state right now, with a way to the shop', async (layout, message) => {
    await renderLayout(layout, allInStock);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Aucun produit à présenter pour le moment');
    expect(screen.getByRole('link', { name: 'Découvrir tous nos produits' }).getAttribute('href')).toBe('/shop/all');
    expect(screen.queryByRole('button', { name: /Ajouter au panier|Rupture de stock/ })).toBeNull();
  });

  it('shows the product the catalogue has in that state', async () => {
    await renderLayout('out-of-stock', [...allInStock, aProduct('c', { name: 'Henné', availability: outOfStock })]);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Henné');
    expect(screen.getByText('Rupture de stock.')).toBeTruthy();
    cleanup();
    await renderLayout('low-stock-notice', [...allInStock, aProduct('d', { name: 'Huile sèche', availability: lowStock(3) })]);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Huile sèche');
  });

  it('promotion: features the first product on sale that can be ordered', async () => {
    await renderLayout('countdown', [aProduct('x', { name: 'Épuisé en promo', oldPrice: 200, availability: outOfStock }), ...allInStock]);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Crème');
  });
});
