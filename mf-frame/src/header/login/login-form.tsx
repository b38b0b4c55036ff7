import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { LOGIN_NOT_OPEN } from './account-notices';
import styles from './login-modal.module.css';

/** Log-in fields of the spec; accounts are not open, so a valid submit says so and sends nothing. */
export function LoginForm() {
  const id = useId();
  const [notice, setNotice] = useState('');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = event.currentTarget.elements.namedItem('password');
    if (password instanceof HTMLInputElement) password.value = '';
    setNotice(LOGIN_NOT_OPEN);
  }

  return (
    <form className={styles.form} onSubmit={submit}>
      <label htmlFor={`${id}-user`}>Nom d’utilisateur ou e-mail</label>
      <input id={`${id}-user`} name="username" autoComplete="username" required className={styles.input} data-autofocus />
      <label htmlFor={`${id}-password`}>Mot de passe</label>
      <input id={`${id}-password`} name="password" type="password" autoComplete="current-password" required className={styles.input} />
      <label className={styles.check}>
        <input type="checkbox" name="remember" /> Se souvenir de moi
      </label>
      <button type="submit" className={styles.submit}>
        Se connecter
      </button>
      <p role="status" className={styles.notice}>
        {notice}
      </p>
    </form>
  );
}
