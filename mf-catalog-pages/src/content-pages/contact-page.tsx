import { useState } from 'react';
import type { FormEvent } from 'react';
import { CONTACT_LIMITS, contactSubjects, validateContact, type ContactAnswer, type ContactErrors, type ContactMessage } from '@shop/contracts/contact';
import { FormName, useFormPost } from '@shop/contracts/form-post';
import { showToast } from '@shop/contracts/toast';
import { HttpError, postJson } from '../shared/api';
import { shopInfo } from '../shared/content/shop-info';
import { ErrorSummary } from '../shared/error-summary';
import { failureText } from '../shared/failure-text';
import { FormField } from '../shared/form-field';
import buttons from '../shared/buttons.module.css';
import form from '../shared/form.module.css';
import page from '../shared/page.module.css';
import styles from './content-pages.module.css';

const empty: ContactMessage = { name: '', email: '', subject: '', message: '' };
const order: (keyof ContactMessage)[] = ['name', 'email', 'subject', 'message'];

/**
 * The contact form: a real form first (decision 026), posted by the browser before the page hydrates or without
 * JavaScript; once hydrated, checked here with the service's own rules (contracts) and sent to `POST /api/contact`.
 */
export function ContactPage({ apiBase = '' }: { apiBase?: string }) {
  const { values, setValues, serverErrors, serverFailure, formProps } = useFormPost('contact', empty);
  const [errors, setErrors] = useState<ContactErrors>(serverErrors);
  const [attempt, setAttempt] = useState(0);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(serverFailure ?? null);

  const set = (name: keyof ContactMessage, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: validateContact({ ...values, [name]: value })[name] }));
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const found = validateContact(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      setAttempt((n) => n + 1);
      return;
    }
    setPending(true);
    try {
      const answer = await postJson<ContactAnswer>(`${apiBase}/api/contact`, values);
      showToast('success', answer.message);
      setValues(empty);
    } catch (error) {
      if (error instanceof HttpError && error.fields) {
        setErrors(error.fields);
        setAttempt((n) => n + 1);
      } else {
        setFailure(failureText('Votre message n’a pas pu être envoyé', error));
      }
    } finally {
      setPending(false);
    }
  };
  const messages = order.map((name) => errors[name]).filter((m): m is string => Boolean(m));

  return (
    <article>
      <h1 className={page.title}>Nous contacter</h1>
      <div className={styles.columns}>
        <form noValidate {...formProps} onSubmit={onSubmit} className={form.form} aria-label="Votre message" aria-busy={pending}>
          <FormName form="contact" />
          <ErrorSummary errors={messages} attempt={attempt} />
          <FormField label="Nom" required error={errors.name}>
            {(control) => <input {...control} name="name" autoComplete="name" value={values.name} onChange={(e) => set('name', e.target.value)} />}
          </FormField>
          <FormField label="Adresse e-mail" required error={errors.email}>
            {(control) => (
              <input {...control} name="email" type="email" autoComplete="email" value={values.email} onChange={(e) => set('email', e.target.value)} />
            )}
          </FormField>
          <FormField label="Sujet" required error={errors.subject}>
            {(control) => (
              <select {...control} name="subject" value={values.subject} onChange={(e) => set('subject', e.target.value)}>
                <option value="">Choisissez un sujet</option>
                {contactSubjects.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label="Message" required error={errors.message} hint="20 caractères au moins.">
            {(control) => (
              <textarea {...control} name="message" rows={6} maxLength={CONTACT_LIMITS.message} value={values.message} onChange={(e) => set('message', e.target.value)} />
            )}
          </FormField>
          <div>
            <button type="submit" className={buttons.primary} disabled={pending}>
              {pending ? 'Envoi…' : 'Envoyer mon message'}
            </button>
          </div>
          {failure ? (
            <div role="alert" className={form.summary}>
              <p>{failure}</p>
            </div>
          ) : null}
        </form>
        <section aria-labelledby="coordonnees" className={styles.card}>
          <h2 id="coordonnees">Nos coordonnées</h2>
          <p>
            Téléphone : <a href={shopInfo.phoneHref}>{shopInfo.phone}</a>
          </p>
          <p>
            E-mail : <a href={`mailto:${shopInfo.email}`}>{shopInfo.email}</a>
          </p>
          <p>Nous répondons {shopInfo.hours}.</p>
        </section>
      </div>
    </article>
  );
}
