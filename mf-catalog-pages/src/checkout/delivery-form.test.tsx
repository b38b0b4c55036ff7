// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DeliveryForm } from './delivery-form';
import { deliveryMessages } from './delivery-validation';

afterEach(cleanup);

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Vérifier mes coordonnées' }));
const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('DeliveryForm', () => {
  it('shows every French message, tied to its field, in a summary that takes focus', () => {
    render(<DeliveryForm />);
    submit();
    const summary = screen.getByRole('alert');
    expect(document.activeElement).toBe(summary);
    const phone = screen.getByLabelText(/Téléphone/);
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    const describedBy = phone.getAttribute('aria-describedby')!.split(' ');
    const descriptions = describedBy.map((id) => document.getElementById(id)?.textContent);
    expect(descriptions).toContain(deliveryMessages.phoneMissing);
    expect(summary.textContent).toContain(deliveryMessages.addressMissing);
  });

  it('clears a message as soon as the field is fixed, and never claims an order was placed', () => {
    render(<DeliveryForm />);
    type(/Nom complet/, 'Aïcha Benani');
    type(/Téléphone/, '0812345678');
    type(/Ville/, 'Rabat');
    type(/Adresse/, '5, avenue Fal Ould Oumeir, Agdal');
    submit();
    expect(screen.getByLabelText(/Téléphone/).getAttribute('aria-invalid')).toBe('true');
    type(/Téléphone/, '+212 7 12 34 56 78');
    expect(screen.getByLabelText(/Téléphone/).getAttribute('aria-invalid')).toBeNull();
    submit();
    expect(screen.getByRole('status').textContent).toContain('Aucune commande n’a été passée.');
  });
});
