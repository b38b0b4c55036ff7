// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ShopLocale } from '@shop/contracts/locales';
import { Messages } from '../../messages/messages';
import { EVERY_GROUP, messagesLoaded } from '../../messages/messages-loaded';
import { LoginModal } from './login-modal';

beforeAll(() => messagesLoaded('fr-MA', 'ar-MA'));
afterEach(cleanup);

const LOGIN_NOT_OPEN =
  'Les comptes clients ne sont pas encore ouverts : la connexion n’est pas possible pour le moment, vous n’êtes pas connecté.';
const REGISTRATION_NOT_OPEN =
  'Les comptes clients ne sont pas encore ouverts : aucun compte n’a été créé et vos informations n’ont pas été enregistrées.';

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

/** The dialog in a language (its words loaded, as in the header’s part), opened by the test’s button; `name`: its name there. */
async function openModal(locale: ShopLocale = 'fr-MA', name = 'Mon compte') {
  await act(async () =>
    render(
      <Suspense fallback={null}>
        <Messages locale={locale} groups={EVERY_GROUP}>
          <Harness />
        </Messages>
      </Suspense>,
    ),
  );
  const opener = await screen.findByRole('button', { name: 'Mon compte' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog', { name }) };
}

describe('LoginModal', () => {
  it('starts on Connexion with focus in the first field, and switches tabs with the arrows', async () => {
    const { dialog } = await openModal();
    const login = within(dialog).getByRole('tab', { name: 'Connexion' });
    expect(login.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Nom d’utilisateur ou e-mail'));
    fireEvent.keyDown(login, { key: 'ArrowRight' });
    const register = within(dialog).getByRole('tab', { name: 'Inscription' });
    expect(register.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(register);
    expect(within(dialog).getByRole('tabpanel').id).toBe(register.getAttribute('aria-controls'));
  });

  it('says honestly that accounts are not open, for both forms', async () => {
    const { dialog } = await openModal();
    fireEvent.submit(within(dialog).getByRole('button', { name: 'Se connecter' }).closest('form')!);
    expect(within(dialog).getByRole('status').textContent).toBe(LOGIN_NOT_OPEN);
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Inscription' }));
    fireEvent.submit(within(dialog).getByRole('button', { name: 'Créer mon compte' }).closest('form')!);
    expect(within(dialog).getByRole('status').textContent).toBe(REGISTRATION_NOT_OPEN);
  });

  it('marks a confirmation that differs as invalid', async () => {
    const { dialog } = await openModal();
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

  it('closes on Escape (the dialog’s cancel) and gives focus back to its opener', async () => {
    const { dialog, opener } = await openModal();
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('stays open when the close event of an earlier closing arrives after it was opened again (Escape, then Enter)', async () => {
    const { dialog, opener } = await openModal();
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    fireEvent.click(opener);
    const reopened = screen.getByRole('dialog', { name: 'Mon compte' });
    // The first closing's event, run by the browser after the keypress that reopened it.
    fireEvent(reopened, new Event('close'));
    expect(screen.getByRole('dialog', { name: 'Mon compte' })).toBe(reopened);
  });

  it('follows a closing the browser did by itself', async () => {
    const { dialog } = await openModal();
    dialog.removeAttribute('open');
    fireEvent(dialog, new Event('close'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('speaks Arabic on an Arabic page', async () => {
    const { dialog } = await openModal('ar-MA', 'حسابي');
    const login = within(dialog).getByRole('tab', { name: 'تسجيل الدخول' });
    expect(login.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(within(dialog).getByLabelText('اسم المستخدم أو البريد الإلكتروني'));
    fireEvent.submit(within(dialog).getByRole('button', { name: 'دخول' }).closest('form')!);
    expect(within(dialog).getByRole('status').textContent).toBe(
      'حسابات العملاء غير متاحة بعد: لا يمكن تسجيل الدخول حاليًا، ولم يتم تسجيل دخولك.',
    );
    // Right to left, the next tab is on the left.
    fireEvent.keyDown(login, { key: 'ArrowLeft' });
    const register = within(dialog).getByRole('tab', { name: 'إنشاء حساب' });
    expect(register.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(register);
    const panel = within(dialog).getByRole('tabpanel');
    fireEvent.input(within(panel).getByLabelText('كلمة المرور'), { target: { value: 'argan-2024' } });
    const confirmation = within(panel).getByLabelText('تأكيد كلمة المرور') as HTMLInputElement;
    fireEvent.input(confirmation, { target: { value: 'argan-2025' } });
    expect(confirmation.validationMessage).toBe('كلمتا المرور غير متطابقتين.');
  });
});
