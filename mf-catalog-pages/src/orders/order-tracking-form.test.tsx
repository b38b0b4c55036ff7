// @vitest-environment jsdom
import type { TrackedOrder } from '@shop/contracts/orders';
import type { ShopLocale } from '@shop/contracts/locales';
import { trackingMessages, trackingMessagesIn } from '@shop/contracts/tracking';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { OrderTrackingPage } from './order-tracking-page';
import { apiError, jsonResponse, placedOrder } from '../shared/order-fixtures';
import { renderInLanguage } from '../shared/messages-test-kit';
import { OrderTrackingForm } from './order-tracking-form';
import { fetchMock, stubFetchPerTest } from '../shared/fetch-stub';

stubFetchPerTest();

const tracked = (status: TrackedOrder['status']): TrackedOrder => ({
  number: placedOrder.number,
  status,
  createdAt: placedOrder.createdAt,
  updatedAt: '2025-06-13T09:30:00.000Z',
  lines: placedOrder.lines,
  total: placedOrder.total,
  city: 'Casablanca',
});

/** In a router, in a language (French unless said), once its words have come. */
const render = (ui: ReactElement, locale: ShopLocale = 'fr-MA') => renderInLanguage(<MemoryRouter>{ui}</MemoryRouter>, locale);

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Suivre ma commande' }));
const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);

describe('OrderTrackingForm', () => {
  it('checks both fields in French before asking the service', async () => {
    await render(<OrderTrackingForm apiBase="" />);
    submit();
    const summary = screen.getByRole('alert');
    expect(document.activeElement).toBe(summary);
    expect(describedBy(screen.getByLabelText(/Numéro de commande/))).toContain(trackingMessages.numberMissing);
    expect(describedBy(screen.getByLabelText(/Téléphone/))).toContain(trackingMessages.phoneMissing);

    type(/Numéro de commande/, 'K7M0-Q9XP'); // 0 is not in the alphabet
    type(/Téléphone/, '0812345678');
    submit();
    expect(describedBy(screen.getByLabelText(/Numéro de commande/))).toContain(trackingMessages.numberInvalid);
    expect(describedBy(screen.getByLabelText(/Téléphone/))).toContain(trackingMessages.phoneInvalid);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the progress, the current step marked, with the date, lines, total and city', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ order: tracked('confirmée') }));
    await render(<OrderTrackingForm apiBase="" initialNumber="k7m2q9xp" />);
    type(/Téléphone/, '06 12 34 56 78');
    submit();
    const result = await screen.findByRole('region', { name: 'Commande K7M2-Q9XP' });
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ number: 'k7m2q9xp', phone: '06 12 34 56 78' });
    // Focus moves in an effect, which may run just after the result appears.
    await waitFor(() => expect(document.activeElement).toBe(result));
    const steps = within(within(result).getByRole('list', { name: 'Avancement de la commande' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual(['Reçue (étape franchie)', 'Confirmée', 'Expédiée', 'Livrée']);
    expect(steps.map((s) => s.getAttribute('aria-current'))).toEqual([null, 'step', null, null]);
    expect(result.textContent).toContain('12 juin 2025 à 14:05');
    expect(result.textContent).toContain('Casablanca');
    expect(within(result).getByTestId('order-total').textContent).toMatch(/^357,50\sMAD$/);
    expect(within(result).getAllByRole('listitem').some((li) => li.textContent?.includes('Huile d’argan pure'))).toBe(true);
  });

  it('shows a cancelled order apart, without a step list', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ order: tracked('annulée') }));
    await render(<OrderTrackingForm apiBase="" initialNumber="K7M2-Q9XP" />);
    type(/Téléphone/, '0612345678');
    submit();
    const result = await screen.findByRole('region', { name: 'Commande K7M2-Q9XP' });
    expect(result.getAttribute('data-status')).toBe('annulée');
    expect(within(result).queryByRole('list', { name: 'Avancement de la commande' })).toBeNull();
    expect(result.textContent).toContain('Cette commande a été annulée.');
  });

  it('shows the service’s 404 and 429 messages in an alert', async () => {
    const notFound = 'Aucune commande ne correspond à ce numéro et à ce numéro de téléphone.';
    const tooMany = 'Trop de tentatives de suivi. Par sécurité, réessayez dans 15 minutes.';
    fetchMock.mockResolvedValueOnce(apiError(404, 'order_not_found', notFound)).mockResolvedValueOnce(
      jsonResponse({ error: { code: 'too_many_attempts', message: tooMany } }, 429, { 'Retry-After': '900' }),
    );
    await render(<OrderTrackingForm apiBase="" initialNumber="K7M2-Q9XP" />);
    type(/Téléphone/, '0612345678');
    submit();
    const first = await screen.findByRole('alert');
    expect(first.textContent).toBe(notFound);
    await waitFor(() => expect(document.activeElement).toBe(first));
    submit();
    expect((await screen.findByText(tooMany)).closest('[role="alert"]')).not.toBeNull();
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('puts the service’s field messages under the fields', async () => {
    fetchMock.mockResolvedValueOnce(
      apiError(400, 'validation_failed', 'Certaines informations sont invalides : corrigez les champs indiqués.', {
        number: trackingMessages.numberInvalid,
      }),
    );
    await render(<OrderTrackingForm apiBase="" initialNumber="K7M2-Q9XP" />);
    type(/Téléphone/, '0612345678');
    submit();
    await screen.findByRole('alert');
    expect(describedBy(screen.getByLabelText(/Numéro de commande/))).toContain(trackingMessages.numberInvalid);
  });

  it('says in French when the service cannot be reached', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await render(<OrderTrackingForm apiBase="" initialNumber="K7M2-Q9XP" />);
    type(/Téléphone/, '0612345678');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Le suivi n’a pas pu aboutir : le service est injoignable, vérifiez votre connexion puis réessayez.',
    );
  });
});

describe('OrderTrackingForm on an Arabic page', () => {
  const arabic = trackingMessagesIn['ar-MA'];

  it('checks the fields in Arabic, asks the service in Arabic and shows the order’s progress in Arabic', async () => {
    await render(<OrderTrackingForm apiBase="" />, 'ar-MA');
    fireEvent.click(screen.getByRole('button', { name: 'تتبع طلبي' }));
    expect(describedBy(screen.getByLabelText(/رقم الطلب/))).toContain(arabic.numberMissing);
    expect(describedBy(screen.getByLabelText(/رقم الهاتف/))).toContain(arabic.phoneMissing);
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(jsonResponse({ order: tracked('expédiée') }));
    type(/رقم الطلب/, 'K7M2-Q9XP');
    type(/رقم الهاتف/, '06 12 34 56 78');
    fireEvent.click(screen.getByRole('button', { name: 'تتبع طلبي' }));
    const result = await screen.findByRole('region', { name: 'الطلب K7M2-Q9XP' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/orders/track?lang=ar-MA');
    const steps = within(within(result).getByRole('list', { name: 'مراحل الطلب' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual(['تم الاستلام (مرحلة مكتملة)', 'تم التأكيد (مرحلة مكتملة)', 'تم الشحن', 'تم التوصيل']);
    expect(result.textContent).toContain('الحالة: تم الشحن');
    expect(result.textContent).toContain('طردك في الطريق إليك.');
    expect(within(result).getByTestId('order-total').textContent).toMatch(/^357,50\sد\.م\.$/);
  });

  it('shows the service’s Arabic answer, and its own words when the service cannot be reached', async () => {
    const notFound = 'لا يوجد طلب يطابق هذا الرقم ورقم الهاتف هذا.';
    fetchMock.mockResolvedValueOnce(apiError(404, 'order_not_found', notFound)).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await render(<OrderTrackingForm apiBase="" initialNumber="K7M2-Q9XP" />, 'ar-MA');
    type(/رقم الهاتف/, '0612345678');
    fireEvent.click(screen.getByRole('button', { name: 'تتبع طلبي' }));
    expect((await screen.findByRole('alert')).textContent).toBe(notFound);
    fireEvent.click(screen.getByRole('button', { name: 'تتبع طلبي' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^تعذّر تتبع الطلب/));
    expect(screen.getByRole('alert').textContent).not.toMatch(/[a-zé]/);
  });
});

describe('OrderTrackingPage', () => {
  it('fills the number from ?numero= and keeps the customer service’s contact', async () => {
    await renderInLanguage(
      <MemoryRouter initialEntries={['/order-tracking?numero=K7M2-Q9XP']}>
        <OrderTrackingPage apiBase="" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Suivi de commande' })).toBeTruthy();
    expect((screen.getByLabelText(/Numéro de commande/) as HTMLInputElement).value).toBe('K7M2-Q9XP');
    expect(screen.getByRole('form', { name: 'Retrouver votre commande' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '+212 5 22 48 12 30' }).getAttribute('href')).toBe('tel:+212522481230');
  });
});
