// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { apiError, jsonResponse, placedOrder } from '../shared/order-fixtures';
import { OrderConfirmationPage } from './order-confirmation-page';
import { fetchMock, stubFetchPerTest } from '../shared/fetch-stub';

stubFetchPerTest();

function renderPage(number = 'K7M2-Q9XP') {
  render(
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>
      <MemoryRouter>
        <OrderConfirmationPage number={number} notFound={<h1>Page introuvable</h1>} apiBase="https://api.test" />
      </MemoryRouter>
    </SWRConfig>,
  );
}

describe('OrderConfirmationPage', () => {
  it('shows the number, the status, the lines, the total, the delivery and what happens next', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ order: placedOrder }));
    renderPage();
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');
    expect(await screen.findByRole('heading', { level: 1, name: 'Merci, votre commande est enregistrée' })).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('https://api.test/api/orders/K7M2-Q9XP');
    expect(screen.getByTestId('order-number').textContent).toBe('K7M2-Q9XP');
    expect(screen.getByText('Reçue').getAttribute('data-status')).toBe('reçue');

    const lines = within(screen.getByRole('list', { name: 'Articles commandés' })).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(lines[0]!.textContent).toContain('Huile d’argan pure');
    expect(lines[0]!.textContent).toContain('Quantité : 2');
    expect(lines[0]!.textContent).toMatch(/Prix unitaire : 149,00\sMAD/);
    expect(lines[0]!.textContent).toMatch(/Total de la ligne : 298,00\sMAD/);
    expect(lines[0]!.querySelector('img')?.getAttribute('src')).toBe('https://api.test/images/products/huile-argan.svg');
    expect(lines[1]!.querySelector('img')?.getAttribute('src')).toBe('https://api.test/images/placeholder.svg');
    expect(screen.getByTestId('order-total').textContent).toMatch(/^357,50\sMAD$/);

    const delivery = screen.getByRole('region', { name: 'Livraison' });
    for (const text of ['Fatima Zahra El Idrissi', '+212 6 12 34 56 78', 'Casablanca', '27, rue Ibnou Mounir, Maârif', 'Sonner deux fois.']) {
      expect(delivery.textContent).toContain(text);
    }
    expect(screen.getByRole('heading', { name: 'Paiement à la livraison' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Et maintenant ?' }).textContent).toContain('Nous vous appelons au +212 6 12 34 56 78');
    expect(screen.getByRole('link', { name: 'Suivre ma commande' }).getAttribute('href')).toBe('/order-tracking?numero=K7M2-Q9XP');
    expect(screen.getByRole('link', { name: 'Continuer mes achats' }).getAttribute('href')).toBe('/shop/all');
  });

  it('shows the shell’s 404 page for an order that is not this visitor’s', async () => {
    fetchMock.mockResolvedValueOnce(
      apiError(404, 'order_not_found', 'Aucune commande ne correspond à ce numéro et à ce numéro de téléphone.'),
    );
    renderPage('ZZZZ-ZZZZ');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' })).toBeTruthy();
  });

  it('explains an outage in French and tries again on request', async () => {
    fetchMock
      .mockResolvedValueOnce(apiError(503, 'unavailable', 'Le service est momentanément indisponible, veuillez réessayer dans un instant.'))
      .mockResolvedValueOnce(jsonResponse({ order: placedOrder }));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Le service est momentanément indisponible, veuillez réessayer dans un instant.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByTestId('order-number')).toBeTruthy();
  });
});
