import { useState } from 'react';
import type { FormEvent } from 'react';
import { shopInfo } from '../shared/content/shop-info';
import { ErrorSummary } from '../shared/error-summary';
import { FormField } from '../shared/form-field';
import buttons from '../shared/buttons.module.css';
import form from '../shared/form.module.css';
import page from '../shared/page.module.css';
import { contactSubjects, validateContact } from './contact-validation';
import type { ContactErrors, ContactMessage } from './contact-validation';
import styles from './content-pages.module.css';

const empty: ContactMessage = { name: '', email: '', subject: '', message: '' };
const order: (keyof ContactMessage)[] = ['name', 'email', 'subject', 'message'];

function mailto(values: ContactMessage): string {
  const body = `${values.message.trim()}\n\n${values.name.trim()} — ${values.email.trim()}`;
  return `mailto:${shopInfo.email}?subject=${encodeURIComponent(values.subject)}&body=${encodeURIComponent(body)}`;
}

/**
 * The shop has no message endpoint yet: a valid form is not "sent" behind the shopper's back, it opens in their own
 * e-mail application, ready to send.
 */
export function ContactPage() {
  const [values, setValues] = useState<ContactMessage>(empty);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [attempt, setAttempt] = useState(0);
  const [ready, setReady] = useState(false);

  const set = (name: keyof ContactMessage, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setReady(false);
    if (errors[name]) setErrors((e) => ({ ...e, [name]: validateContact({ ...values, [name]: value })[name] }));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateContact(values);
    setErrors(found);
    const ok = Object.keys(found).length === 0;
    setReady(ok);
    if (!ok) setAttempt((n) => n + 1);
  };
  const messages = order.map((name) => errors[name]).filter((m): m is string => Boolean(m));

  return (
    <article>
      <h1 className={page.title}>Nous contacter</h1>
      <div className={styles.columns}>
        <form noValidate onSubmit={onSubmit} className={form.form} aria-label="Votre message">
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
              <textarea {...control} name="message" rows={6} maxLength={2000} value={values.message} onChange={(e) => set('message', e.target.value)} />
            )}
          </FormField>
          <div>
            <button type="submit" className={buttons.primary}>
              Vérifier mon message
            </button>
          </div>
          <div role="status">
            {ready ? (
              <div className={form.success}>
                <h2>Votre message est prêt</h2>
                <p>
                  L’envoi depuis le site n’est pas encore disponible : votre message n’a pas été envoyé. Ouvrez-le dans votre
                  messagerie pour l’envoyer à {shopInfo.email}.
                </p>
                <a className={buttons.primary} href={mailto(values)}>
                  Ouvrir dans ma messagerie
                </a>
              </div>
            ) : null}
          </div>
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
