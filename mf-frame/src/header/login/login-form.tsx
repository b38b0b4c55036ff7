import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useText } from '../../messages/messages';
import styles from './login-modal.module.css';

/** Log-in fields of the spec; accounts are not open, so a valid submit says so and sends nothing. */
export function LoginForm() {
  const id = useId();
  const { t } = useText();
  // What submitting says: customer accounts are not open yet, so nobody is logged in and nothing is stored.
  const [notice, setNotice] = useState('');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = event.currentTarget.elements.namedItem('password');
    if (password instanceof HTMLInputElement) password.value = '';
    setNotice(t('login.notOpen'));
  }

  return (
    <form className={styles.form} onSubmit={submit}>
      <label htmlFor={`${id}-user`}>{t('login.user')}</label>
      <input id={`${id}-user`} name="username" autoComplete="username" required className={styles.input} data-autofocus />
      <label htmlFor={`${id}-password`}>{t('login.password')}</label>
      <input id={`${id}-password`} name="password" type="password" autoComplete="current-password" required className={styles.input} />
      <label className={styles.check}>
        <input type="checkbox" name="remember" /> {t('login.remember')}
      </label>
      <button type="submit" className={styles.submit}>
        {t('login.submit')}
      </button>
      <p role="status" className={styles.notice}>
        {notice}
      </p>
    </form>
  );
}
