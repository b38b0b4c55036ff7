// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { LOGIN_NOT_OPEN, REGISTRATION_NOT_OPEN } from './account-notices';
import { LoginModal } from './login-modal';

afterEach(cleanup);

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Mon compte
      </button>
      <LoginModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function openModal() {
  render(<Harness />);
  const opener = screen.getByRole('button', { name: 'Mon compte' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog', { name: 'Mon compte' }) };
}

describe('LoginModal', () => {
  it('starts on Connexion with focus in the first field, and switches tabs with the arrows', () => {
    const { dialog } = openModal();
    const login = within(dialog).getByRole('tab', { name: 'Connexion' });
    expect(login.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Nom d’utilisateur ou e-mail'));
    fireEvent.keyDown(login, { key: 'ArrowRight' });
    const register = within(dialog).getByRole('tab', { name: 'Inscription' });
    expect(register.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(register);
    expect(within(dialog).getByRole('tabpanel').id).toBe(register.getAttribute('aria-controls'));
  });

  it('says honestly that accounts are not open, for both forms', () => {
    const { dialog } = openModal();
    fireEvent.submit(within(dialog).getByRole('button', { name: 'Se connecter' }).closest('form')!);
    expect(within(dialog).getByRole('status').textContent).toBe(LOGIN_NOT_OPEN);
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Inscription' }));
    fireEvent.submit(within(dialog).getByRole('button', { name: 'Créer mon compte' }).closest('form')!);
    expect(within(dialog).getByRole('status').textContent).toBe(REGISTRATION_NOT_OPEN);
  });

  it('marks a confirmation that differs as invalid', () => {
    const { dialog } = openModal();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Inscription' }));
    const panel = within(dialog).getByRole('tabpanel');
    const password = within(panel).getByLabelText('Mot de passe') as HTMLInputElement;
    const confirmation = within(panel).getByLabelText('Confirmer le mot de passe') as HTMLInputElement;
    fireEvent.input(password, { target: { value: 'argan-2024' } });
    fireEvent.input(confirmation, { target: { value: 'argan-2025' } });
    expect(confirmation.validationMessage).toBe('Les deux mots de passe ne correspondent pas.');
    fireEvent.input(password, { target: { value: 'argan-2025' } });
    expect(confirmation.validationMessage).toBe('');
  });

  it('closes on Escape (the dialog’s cancel) and gives focus back to its opener', () => {
    const { dialog, opener } = openModal();
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('stays open when the close event of an earlier closing arrives after it was opened again (Escape, then Enter)', () => {
    const { dialog, opener } = openModal();
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    fireEvent.click(opener);
    const reopened = screen.getByRole('dialog', { name: 'Mon compte' });
    // The first closing's event, run by the browser after the keypress that reopened it.
    fireEvent(reopened, new Event('close'));
    expect(screen.getByRole('dialog', { name: 'Mon compte' })).toBe(reopened);
  });

  it('follows a closing the browser did by itself', () => {
    const { dialog } = openModal();
    dialog.removeAttribute('open');
    fireEvent(dialog, new Event('close'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
