import { fireEvent, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { ShopLocale } from '@shop/contracts/locales';
import { renderInLanguage } from '../shared/messages-test-kit';
import { DeliveryForm } from './delivery-form';

/** For the delivery form's tests only (no page imports it): the form in a router, and its controls. */
export { fetchMock, stubFetchPerTest } from '../shared/fetch-stub';
import { fetchMock } from '../shared/fetch-stub';

function CurrentPath() {
  return <span data-testid="path">{useLocation().pathname}</span>;
}

/**
 * The form with a cache of its own, in a language (French unless said), once its words have come; it stays mounted
 * after navigating, so a second order can be tried.
 */
export async function renderForm(beside?: ReactNode, locale: ShopLocale = 'fr-MA') {
  await renderInLanguage(
    <SWRConfig value={{ provider: () => new Map() }}>
      <MemoryRouter initialEntries={['/shop/checkout']}>
        {beside}
        <DeliveryForm />
        <CurrentPath />
      </MemoryRouter>
    </SWRConfig>,
    locale,
  );
}

export const currentPath = () => screen.getByTestId('path').textContent;
export const button = () => screen.getByRole('button', { name: /Confirmer la commande|Envoi de votre commande…/ });
export const submit = () => fireEvent.click(button());
export const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
export const fillValid = () => {
  type(/Nom complet/, 'Aïcha Benani');
  type(/Téléphone/, '06 12 34 56 78');
  type(/Ville/, 'Rabat');
  type(/Adresse/, '5, avenue Fal Ould Oumeir, Agdal');
};

const orderPosts = () =>
  fetchMock.mock.calls.filter(([url, init]) => /\/api\/orders(?:\?|$)/.test(String(url)) && init?.method === 'POST');
/** The Idempotency-Key and the body of the n-th order sent (0-based). */
export const sentKey = (call: number) => (orderPosts()[call]?.[1]?.headers as Record<string, string>)['Idempotency-Key'];
export const sentBody = (call: number) => JSON.parse(String(orderPosts()[call]?.[1]?.body)) as Record<string, string>;
export const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
