import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { FormName, useFormAction, useFormOutcome } from '@shop/contracts/form-post';
import { showToast } from '@shop/contracts/toast';
import { frameConfig } from '../shared/config/frame-config';
import { subscribe } from './subscribe';
import styles from './newsletter-form.module.css';

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

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const email = String(new FormData(form).get('email') ?? '');
    setSending(true);
    const result = await subscribe(email);
    setSending(false);
    if (result.ok) {
      showToast('success', result.message);
      setError(undefined);
      form.reset();
    } else {
      showToast('error', result.message);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className={styles.newsletter}>
      <div>
        <h2 id={`${id}-title`}>Newsletter</h2>
        <p className={styles.offer}>
          Inscrivez-vous à notre newsletter et bénéficiez de <strong>{percent}&nbsp;% de réduction</strong> sur votre
          prochaine commande.
        </p>
      </div>
      <form method="post" action={action} className={styles.form} onSubmit={submit}>
        <FormName form="newsletter" />
        <label htmlFor={`${id}-email`} className={styles.label}>
          Votre adresse e-mail
        </label>
        <div className={styles.row}>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            placeholder="prenom@exemple.ma"
            className={styles.input}
            defaultValue={outcome?.values['email']}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <button type="submit" className={styles.submit} disabled={sending}>
            {sending ? 'Envoi…' : 'Je m’inscris'}
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
