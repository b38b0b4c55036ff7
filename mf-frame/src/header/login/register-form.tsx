import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { REGISTRATION_NOT_OPEN } from './account-notices';
import { confirmationError } from './passwords';
import styles from './login-modal.module.css';

/** Registration fields of the spec, with the browser's checks plus "the passwords match"; nothing is sent. */
export function RegisterForm() {
  const id = useId();
  const [notice, setNotice] = useState('');

  // The browser refuses to submit while the confirmation carries a custom validity message.
  function checkMatch(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const password = form.elements.namedItem('password');
    const confirmation = form.elements.namedItem('confirmation');
    if (password instanceof HTMLInputElement && confirmation instanceof HTMLInputElement) {
      confirmation.setCustomValidity(confirmationError(password.value, confirmation.value));
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    for (const name of ['password', 'confirmation']) {
      const field = event.currentTarget.elements.namedItem(name);
      if (field instanceof HTMLInputElement) field.value = '';
    }
    setNotice(REGISTRATION_NOT_OPEN);
  }

  return (
    <form className={styles.form} onInput={checkMatch} onSubmit={submit}>
      <label htmlFor={`${id}-name`}>Nom d’utilisateur</label>
      <input id={`${id}-name`} name="username" autoComplete="username" required className={styles.input} data-autofocus />
      <label htmlFor={`${id}-email`}>E-mail</label>
      <input id={`${id}-email`} name="email" type="email" autoComplete="email" required className={styles.input} />
      <label htmlFor={`${id}-password`}>Mot de passe</label>
      <input id={`${id}-password`} name="password" type="password" autoComplete="new-password" required className={styles.input} />
      <label htmlFor={`${id}-confirmation`}>Confirmer le mot de passe</label>
      <input id={`${id}-confirmation`} name="confirmation" type="password" autoComplete="new-password" required className={styles.input} />
      <button type="submit" className={styles.submit}>
        Créer mon compte
      </button>
      <p role="status" className={styles.notice}>
        {notice}
      </p>
    </form>
  );
}
