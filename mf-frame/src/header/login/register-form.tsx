import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useText } from '../../messages/messages';
import { passwordsDiffer } from './passwords';
import styles from './login-modal.module.css';

/** Registration fields of the spec, with the browser's checks plus "the passwords match"; nothing is sent. */
export function RegisterForm() {
  const id = useId();
  const { t } = useText();
  // What submitting says: customer accounts are not open yet, so no account is made and nothing is stored.
  const [notice, setNotice] = useState('');

  // The browser refuses to submit while the confirmation carries a custom validity message.
  function checkMatch(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const password = form.elements.namedItem('password');
    const confirmation = form.elements.namedItem('confirmation');
    if (password instanceof HTMLInputElement && confirmation instanceof HTMLInputElement) {
      confirmation.setCustomValidity(passwordsDiffer(password.value, confirmation.value) ? t('register.passwordsDiffer') : '');
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    for (const name of ['password', 'confirmation']) {
      const field = event.currentTarget.elements.namedItem(name);
      if (field instanceof HTMLInputElement) field.value = '';
    }
    setNotice(t('register.notOpen'));
  }

  return (
    <form className={styles.form} onInput={checkMatch} onSubmit={submit}>
      <label htmlFor={`${id}-name`}>{t('register.username')}</label>
      <input id={`${id}-name`} name="username" autoComplete="username" required className={styles.input} data-autofocus />
      <label htmlFor={`${id}-email`}>{t('register.email')}</label>
      <input id={`${id}-email`} name="email" type="email" autoComplete="email" required className={styles.input} />
      <label htmlFor={`${id}-password`}>{t('register.password')}</label>
      <input id={`${id}-password`} name="password" type="password" autoComplete="new-password" required className={styles.input} />
      <label htmlFor={`${id}-confirmation`}>{t('register.confirmation')}</label>
      <input id={`${id}-confirmation`} name="confirmation" type="password" autoComplete="new-password" required className={styles.input} />
      <button type="submit" className={styles.submit}>
        {t('register.submit')}
      </button>
      <p role="status" className={styles.notice}>
        {notice}
      </p>
    </form>
  );
}
