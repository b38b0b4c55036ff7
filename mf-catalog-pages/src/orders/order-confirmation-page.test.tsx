// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import type { ShopLocale } from '@shop/contracts/locales';
import { apiError, jsonResponse, placedOrder } from '../shared/order-fixtures';
import { renderInLanguage } from '../shared/messages-test-kit';
import { OrderConfirmationPage } from './order-confirmation-page';
import { fetchMock, stubFetchPerTest } from '../shared/fetch-stub';

stubFetchPerTest();

async function renderPage(number = 'K7M2-Q9XP', locale: ShopLocale = 'fr-MA') {
  await renderInLanguage(
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>
      <MemoryRouter>
        <OrderConfirmationPage locale={locale} number={number} notFound={<h1>Page introuvable</h1>} apiBase="https://api.test" />
      </MemoryRouter>
    </SWRConfig>,
    locale,
  );
}

describe('OrderConfirmationPage', () => {
  it('shows the number, the status, the lines, the total, the delivery and what happens next', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    await renderPage();
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');
    await act(async () => answer(jsonResponse({ order: placedOrder })));
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
    await renderPage('ZZZZ-ZZZZ');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' })).toBeTruthy();
  });

  it('explains an outage in French and tries again on request', async () => {
    fetchMock
      .mockResolvedValueOnce(apiError(503, 'unavailable', 'Le service est momentanément indisponible, veuillez réessayer dans un instant.'))
      .mockResolvedValueOnce(jsonResponse({ order: placedOrder }));
    await renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Le service est momentanément indisponible, veuillez réessayer dans un instant.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByTestId('order-number')).toBeTruthy();
  });

  it('speaks Arabic on an Arabic page: asks the service in Arabic, Western digits in prices, dates and phone numbers', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ order: placedOrder }));
    await renderPage('K7M2-Q9XP', 'ar-MA');
    expect(await screen.findByRole('heading', { level: 1, name: 'شكرًا، تم تسجيل طلبك' })).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('https://api.test/api/orders/K7M2-Q9XP?lang=ar-MA');
    expect(screen.getByText('تم الاستلام').getAttribute('data-status')).toBe('reçue');
    const lines = within(screen.getByRole('list', { name: 'المنتجات المطلوبة' })).getAllByRole('listitem');
    expect(lines[0]!.textContent).toMatch(/الكمية: 2 · سعر الوحدة: 149,00\sد\.م\./);
    expect(lines[0]!.textContent).toMatch(/المجموع لهذا المنتج: 298,00\sد\.م\.$/);
    expect(screen.getByTestId('order-total').textContent).toMatch(/^357,50\sد\.م\.$/);
    expect(screen.getByRole('region', { name: 'الدفع عند الاستلام' }).textContent).toMatch(
      /^الدفع عند الاستلامتدفع 357,50\sد\.م\. نقدًا عند استلام الطرد\. لا يُطلب منك أي دفع عبر الإنترنت\.$/,
    );
    expect(screen.getByText(/^12 يونيو 2025/)).toBeTruthy();
    // The phone number reads left to right inside the Arabic sentence.
    const lead = screen.getByText(/سنتصل بك على الرقم/);
    expect(lead.textContent).toBe('سنتصل بك على الرقم +212 6 12 34 56 78 لتأكيد طلبك قبل الشحن.');
    expect(lead.querySelector('[dir="ltr"]')?.textContent).toBe('+212 6 12 34 56 78');
    expect(screen.getByRole('link', { name: 'تتبع طلبي' }).getAttribute('href')).toBe('/order-tracking?numero=K7M2-Q9XP');
    expect(document.body.textContent).not.toMatch(/[\u0660-\u0669\u200e\u200f\u061c]/);
  });
});
