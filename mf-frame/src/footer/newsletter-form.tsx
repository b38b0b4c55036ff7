import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { FormName, useFormAction, useFormOutcome } from '@shop/contracts/form-post';
import { showToast } from '@shop/contracts/toast';
import { useText } from '../messages/messages';
import { frameConfig } from '../shared/config/frame-config';
import { subscribe } from './subscribe';
import styles from './newsletter-form.module.css';

/** Where the offer's sentence puts its emphasised discount (a character no message holds). */
const DISCOUNT = '\u{E000}';

/** Newsletter sign-up: the browser checks the address, the service stores it, a toast tells the result. */
export function NewsletterForm() {
  const id = useId();
  const [sending, setSending] = useState(false);
  // A real form first (decision 026): posted by the browser before the footer hydrates or without JavaScript; a refusal
  // comes back with the address as typed and the service's message.
  const action = useFormAction();
  const outcome = useFormOutcome('newsletter');
  const [error, setError] = useState(outcome?.errors['email']);
  const percent = frameConfig.newsletter.discountPercent;
  const { t, locale } = useText();
  const [beforeDiscount = '', afterDiscount = ''] = t('newsletter.offer', { discount: DISCOUNT }).split(DISCOUNT);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const email = String(new FormData(form).get('email') ?? '');
    setSending(true);
    const result = await subscribe(email, locale);
    setSending(false);
    if (result.ok) {
      showToast('success', result.message ?? t('newsletter.subscribed'));
      setError(undefined);
      form.reset();
    } else {
      showToast('error', result.message ?? t('newsletter.failed'));
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className={styles.newsletter}>
      <div>
        <h2 id={`${id}-title`}>{t('newsletter.title')}</h2>
        <p className={styles.offer}>
          {beforeDiscount}
          <strong>{t('newsletter.discount', { percent })}</strong>
          {afterDiscount}
        </p>
      </div>
      <form method="post" action={action} className={styles.form} onSubmit={submit}>
        <FormName form="newsletter" />
        <label htmlFor={`${id}-email`} className={styles.label}>
          {t('newsletter.email')}
        </label>
        <div className={styles.row}>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            placeholder={t('newsletter.placeholder')}
            className={styles.input}
            defaultValue={outcome?.values['email']}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <button type="submit" className={styles.submit} disabled={sending}>
            {sending ? t('newsletter.sending') : t('newsletter.send')}
          </button>
        </div>
        {error ? (
          <p id={`${id}-error`} role="alert" className={styles.error}>
            {error}
          </p>
        ) : null}
      </form>
    </section>
  );
}
