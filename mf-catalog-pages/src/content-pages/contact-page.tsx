import { useState } from 'react';
import type { FormEvent } from 'react';
import { CONTACT_LIMITS, contactSubjects, validateContact, type ContactAnswer, type ContactErrors, type ContactMessage } from '@shop/contracts/contact';
import { inLanguage } from '@shop/contracts/data-keys';
import { FormName, useFormPost } from '@shop/contracts/form-post';
import { showToast } from '@shop/contracts/toast';
import { useText } from '../messages/messages';
import { rich } from '../messages/rich-text';
import type { MessageId } from '../shared/page-text';
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

/** The subjects as the page's language writes them; the value sent stays the service's own (contracts' list). */
const subjectLabels: Readonly<Record<string, MessageId>> = {
  'Question sur un produit': 'content.contact.subject.product',
  'Commande et livraison': 'content.contact.subject.order',
  'Points de vente': 'content.contact.subject.stores',
  'Autre demande': 'content.contact.subject.other',
};

/**
 * The contact form: a real form first (decision 026), posted by the browser before the page hydrates or without
 * JavaScript; once hydrated, checked here with the service's own rules (contracts) in the page's language and sent to
 * `POST /api/contact`, which answers in it too.
 */
export function ContactPage({ apiBase = '' }: { apiBase?: string }) {
  const { t, locale } = useText();
  const { values, setValues, serverErrors, serverFailure, formProps } = useFormPost('contact', empty);
  const [errors, setErrors] = useState<ContactErrors>(serverErrors);
  const [attempt, setAttempt] = useState(0);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(serverFailure ?? null);

  const set = (name: keyof ContactMessage, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: validateContact({ ...values, [name]: value }, locale)[name] }));
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const found = validateContact(values, locale);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      setAttempt((n) => n + 1);
      return;
    }
    setPending(true);
    try {
      const answer = await postJson<ContactAnswer>(inLanguage(`${apiBase}/api/contact`, locale), values);
      showToast('success', answer.message);
      setValues(empty);
    } catch (error) {
      if (error instanceof HttpError && error.fields) {
        setErrors(error.fields);
        setAttempt((n) => n + 1);
      } else {
        setFailure(failureText(t('content.contact.failure'), error, t));
      }
    } finally {
      setPending(false);
    }
  };
  const messages = order.map((name) => errors[name]).filter((m): m is string => Boolean(m));

  return (
    <article>
      <h1 className={page.title}>{t('content.contact.title')}</h1>
      <div className={styles.columns}>
        <form noValidate {...formProps} onSubmit={onSubmit} className={form.form} aria-label={t('content.contact.form')} aria-busy={pending}>
          <FormName form="contact" />
          <ErrorSummary errors={messages} attempt={attempt} />
          <FormField label={t('content.contact.name')} required error={errors.name}>
            {(control) => <input {...control} name="name" autoComplete="name" value={values.name} onChange={(e) => set('name', e.target.value)} />}
          </FormField>
          <FormField label={t('content.contact.email')} required error={errors.email}>
            {(control) => (
              <input {...control} name="email" type="email" dir="ltr" autoComplete="email" value={values.email} onChange={(e) => set('email', e.target.value)} />
            )}
          </FormField>
          <FormField label={t('content.contact.subject')} required error={errors.subject}>
            {(control) => (
              <select {...control} name="subject" value={values.subject} onChange={(e) => set('subject', e.target.value)}>
                <option value="">{t('content.contact.subject.choose')}</option>
                {contactSubjects.map((s) => {
                  const label = subjectLabels[s];
                  return (
                    <option key={s} value={s}>
                      {label ? t(label) : s}
                    </option>
                  );
                })}
              </select>
            )}
          </FormField>
          <FormField label={t('content.contact.message')} required error={errors.message} hint={t('content.contact.message.hint')}>
            {(control) => (
              <textarea {...control} name="message" rows={6} maxLength={CONTACT_LIMITS.message} value={values.message} onChange={(e) => set('message', e.target.value)} />
            )}
          </FormField>
          <div>
            <button type="submit" className={buttons.primary} disabled={pending}>
              {pending ? t('content.contact.sending') : t('content.contact.send')}
            </button>
          </div>
          {failure ? (
            <div role="alert" className={form.summary}>
              <p>{failure}</p>
            </div>
          ) : null}
        </form>
        <section aria-labelledby="coordonnees" className={styles.card}>
          <h2 id="coordonnees">{t('content.contact.details')}</h2>
          <p>
            {rich(t, 'content.contact.details.phone', {
              phone: (
                <a href={shopInfo.phoneHref} dir="ltr">
                  {shopInfo.phone}
                </a>
              ),
            })}
          </p>
          <p>{rich(t, 'content.contact.details.email', { email: <a href={`mailto:${shopInfo.email}`}>{shopInfo.email}</a> })}</p>
          <p>{t('content.contact.details.hours')}</p>
        </section>
      </div>
    </article>
  );
}
