// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { deliveryMessagesIn } from '@shop/contracts/delivery';
import type { ShopLocale } from '@shop/contracts/locales';
import { DeliveryForm } from '../checkout/delivery-form';
import { fetchMock, fillValid, stubFetchPerTest, submit } from '../checkout/delivery-form-test-kit';
import { OrderConfirmationPage } from '../orders/order-confirmation-page';
import { renderInLanguage } from '../shared/messages-test-kit';
import { apiError, jsonResponse, placedOrder } from '../shared/order-fixtures';

// The checkout and the confirmation page are two features; what ties them is the order's SWR entry
// (shared/order-cache-key.ts, in the page's language), so their hand-over is checked here, where this remote's pages
// are put together.
stubFetchPerTest();

/** The checkout, leading to the confirmation page, in a language (the shell's router, with its /ar basename, aside). */
function renderCheckout(locale: ShopLocale) {
  function ConfirmationRoute() {
    return <OrderConfirmationPage locale={locale} number={useParams().number ?? ''} notFound={<p>404</p>} />;
  }
  return renderInLanguage(
    <SWRConfig value={{ provider: () => new Map() }}>
      <MemoryRouter initialEntries={['/shop/checkout']}>
        <Routes>
          <Route path="/shop/checkout" element={<DeliveryForm />} />
          <Route path="/shop/order/:number" element={<ConfirmationRoute />} />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
    locale,
  );
}

const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);

describe('DeliveryForm', () => {
  it('hands the placed order to the confirmation page, which shows it without waiting for the service', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ order: placedOrder }, 201))
      .mockReturnValue(new Promise<Response>(() => {})); // the confirmation's own GET never answers
    await renderCheckout('fr-MA');
    fillValid();
    submit();
    expect(await screen.findByRole('heading', { level: 1, name: 'Merci, votre commande est enregistrée' })).toBeTruthy();
    expect(screen.getByTestId('order-number').textContent).toBe('K7M2-Q9XP');
  });

  it('takes an order in Arabic: Arabic words and field errors, the service asked in Arabic, Arabic prices on the confirmation', async () => {
    const arabic = deliveryMessagesIn['ar-MA'];
    await renderCheckout('ar-MA');
    const form = screen.getByRole('form', { name: 'التوصيل والدفع عند الاستلام' });
    const confirm = () => fireEvent.click(within(form).getByRole('button', { name: 'تأكيد الطلب' }));

    // Checked in the browser with contracts' rules, in the page's language.
    confirm();
    const phone = screen.getByLabelText(/رقم الهاتف/);
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(phone)).toContain(arabic.phoneMissing);
    expect(screen.getByRole('alert').textContent).toContain(arabic.addressMissing);
    fireEvent.change(phone, { target: { value: '08 12 34 56 78' } });
    confirm();
    expect(describedBy(phone)).toContain(arabic.phoneInvalid);
    expect(fetchMock).not.toHaveBeenCalled();

    // The suggested cities are Moroccan cities as Arabic writes them.
    const cities = [...document.querySelectorAll('datalist option')].map((option) => option.getAttribute('value'));
    expect(cities).toEqual(expect.arrayContaining(['الدار البيضاء', 'الرباط', 'مراكش', 'فاس', 'طنجة', 'أكادير', 'مكناس', 'وجدة']));

    // The service refuses a field in Arabic, since the order was sent with ?lang=ar-MA; its message goes under the field.
    fetchMock
      .mockResolvedValueOnce(apiError(400, 'validation_failed', arabic.summary, { address: arabic.addressShort }))
      .mockResolvedValueOnce(jsonResponse({ order: { ...placedOrder, delivery: { ...placedOrder.delivery, city: 'الدار البيضاء' } } }, 201))
      .mockReturnValue(new Promise<Response>(() => {}));
    fireEvent.change(screen.getByLabelText(/الاسم الكامل/), { target: { value: 'فاطمة الزهراء الإدريسي' } });
    fireEvent.change(phone, { target: { value: '06 12 34 56 78' } });
    fireEvent.change(screen.getByLabelText(/المدينة/), { target: { value: 'الدار البيضاء' } });
    fireEvent.change(screen.getByLabelText(/^العنوان/), { target: { value: '27، زنقة ابن منير، المعاريف' } });
    confirm();
    await waitFor(() => expect(describedBy(screen.getByLabelText(/^العنوان/))).toContain(arabic.addressShort));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/orders?lang=ar-MA');

    confirm();
    expect(await screen.findByRole('heading', { level: 1, name: 'شكرًا، تم تسجيل طلبك' })).toBeTruthy();
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/orders?lang=ar-MA');
    expect(screen.getByTestId('order-total').textContent).toMatch(/^357,50\sد\.م\.$/);
    expect(screen.getByRole('region', { name: 'التوصيل' }).textContent).toContain('الدار البيضاء');
  });
});
