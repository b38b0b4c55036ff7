// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, jsonResponse, placedOrder } from '../shared/order-fixtures';
import { button, describedBy, fetchMock, fillValid, renderForm, sentBody, sentKey, stubFetchPerTest, submit, type } from './delivery-form-test-kit';
import { deliveryMessages } from '@shop/contracts/delivery';

stubFetchPerTest();

describe('DeliveryForm', () => {
  it('shows every French message, tied to its field, in a summary that takes focus, and sends nothing', async () => {
    await renderForm();
    submit();
    const summary = screen.getByRole('alert');
    expect(document.activeElement).toBe(summary);
    const phone = screen.getByLabelText(/Téléphone/);
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(phone)).toContain(deliveryMessages.phoneMissing);
    expect(summary.textContent).toContain(deliveryMessages.addressMissing);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('clears a message as soon as the field is fixed', async () => {
    await renderForm();
    fillValid();
    type(/Téléphone/, '0812345678');
    submit();
    expect(screen.getByLabelText(/Téléphone/).getAttribute('aria-invalid')).toBe('true');
    type(/Téléphone/, '+212 7 12 34 56 78');
    expect(screen.getByLabelText(/Téléphone/).getAttribute('aria-invalid')).toBeNull();
  });

  it('places the order, empties the cart badge and opens the confirmation without a page load', async () => {
    const cartChanged = vi.fn();
    window.addEventListener('cart:changed', cartChanged);
    fetchMock.mockResolvedValueOnce(jsonResponse({ order: placedOrder }, 201));
    await renderForm();
    fillValid();
    type(/Note pour le livreur/, '  Sonner deux fois.  ');
    submit();
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/shop/order/K7M2-Q9XP'));
    window.removeEventListener('cart:changed', cartChanged);
    expect(cartChanged).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/orders');
    expect(init?.method).toBe('POST');
    expect(sentKey(0)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(sentBody(0)).toEqual({
      fullName: 'Aïcha Benani',
      phone: '06 12 34 56 78',
      city: 'Rabat',
      address: '5, avenue Fal Ould Oumeir, Agdal',
      note: 'Sonner deux fois.',
    });
  });

  it('leaves an empty note out of the order', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ order: placedOrder }, 201));
    await renderForm();
    fillValid();
    submit();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(Object.keys(sentBody(0))).toEqual(['fullName', 'phone', 'city', 'address']);
  });

  it('sends one request with one key for a double click and a second Enter, and shows it is busy', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    await renderForm();
    fillValid();
    submit();
    submit();
    fireEvent.submit(screen.getByRole('form', { name: 'Livraison et paiement à la livraison' }));
    expect(button().textContent).toBe('Envoi de votre commande…');
    expect((button() as HTMLButtonElement).disabled).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => answer(jsonResponse({ order: placedOrder }, 201)));
    expect(screen.getByTestId('path').textContent).toBe('/shop/order/K7M2-Q9XP');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('retries a failed attempt with the same key, and uses a new key once an order is placed', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(jsonResponse({ order: placedOrder }, 200))
      .mockResolvedValueOnce(apiError(409, 'cart_empty', 'Votre panier est vide : ajoutez des produits avant de commander.'));
    await renderForm();
    fillValid();
    submit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Votre commande n’a pas pu être envoyée : le service est injoignable, vérifiez votre connexion puis réessayez.',
    );
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect((button() as HTMLButtonElement).disabled).toBe(false);

    submit();
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/shop/order/K7M2-Q9XP'));
    expect(sentKey(1)).toBe(sentKey(0));

    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Votre panier est vide : ajoutez des produits avant de commander.');
    expect(sentKey(2)).not.toBe(sentKey(0));
  });

  it('shows the service’s field messages under their fields, like its own', async () => {
    fetchMock.mockResolvedValueOnce(
      apiError(400, 'validation_failed', 'Certaines informations sont invalides : corrigez les champs indiqués.', {
        address: deliveryMessages.tooLong(300),
        note: deliveryMessages.noteTooLong,
      }),
    );
    await renderForm();
    fillValid();
    submit();
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('Veuillez corriger les 2 points suivants');
    const address = screen.getByLabelText(/Adresse/);
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(address)).toContain('Ce champ ne peut pas dépasser 300 caractères.');
    expect(describedBy(screen.getByLabelText(/Note pour le livreur/))).toContain(deliveryMessages.noteTooLong);
    expect(screen.getByLabelText(/Téléphone/).getAttribute('aria-invalid')).toBeNull();
  });

  it('shows a refusal without fields, and a proxy error page, in French', async () => {
    fetchMock
      .mockResolvedValueOnce(apiError(400, 'validation_failed', 'La requête contient un champ non autorisé.'))
      .mockResolvedValueOnce(new Response('<h1>Bad gateway</h1>', { status: 502, headers: { 'Content-Type': 'text/html' } }));
    await renderForm();
    fillValid();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('La requête contient un champ non autorisé.');
    submit();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Votre commande n’a pas pu être envoyée : le service a répondu 502, réessayez dans un instant.',
      ),
    );
  });
});
