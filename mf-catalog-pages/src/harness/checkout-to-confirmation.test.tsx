// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { DeliveryForm } from '../checkout/delivery-form';
import { fetchMock, fillValid, stubFetchPerTest, submit } from '../checkout/delivery-form-test-kit';
import { OrderConfirmationPage } from '../orders/order-confirmation-page';
import { jsonResponse, placedOrder } from '../shared/order-fixtures';

// The checkout and the confirmation page are two features; what ties them is the order's SWR entry
// (shared/order-cache-key.ts), so their hand-over is checked here, where this remote's pages are put together.
stubFetchPerTest();

describe('DeliveryForm', () => {
  it('hands the placed order to the confirmation page, which shows it without waiting for the service', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ order: placedOrder }, 201))
      .mockReturnValue(new Promise<Response>(() => {})); // the confirmation's own GET never answers
    function ConfirmationRoute() {
      return <OrderConfirmationPage number={useParams().number ?? ''} notFound={<p>404</p>} />;
    }
    render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <MemoryRouter initialEntries={['/shop/checkout']}>
          <Routes>
            <Route path="/shop/checkout" element={<DeliveryForm />} />
            <Route path="/shop/order/:number" element={<ConfirmationRoute />} />
          </Routes>
        </MemoryRouter>
      </SWRConfig>,
    );
    fillValid();
    submit();
    expect(await screen.findByRole('heading', { level: 1, name: 'Merci, votre commande est enregistrée' })).toBeTruthy();
    expect(screen.getByTestId('order-number').textContent).toBe('K7M2-Q9XP');
  });
});
