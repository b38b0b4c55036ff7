import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { inLanguage } from '@shop/contracts/data-keys';
import { isValidEmail } from '@shop/contracts/email';
import { FormName, useFormPost } from '@shop/contracts/form-post';
import type { RestockAlertAnswer } from '@shop/contracts/restock-alerts';
import { showToast } from '@shop/contracts/toast';
import { useText } from '../messages/messages';
import { HttpError, postJson } from '../shared/api';
import { failureText } from '../shared/failure-text';
import { FormField } from '../shared/form-field';
import buttons from '../shared/buttons.module.css';
import form from '../shared/form.module.css';

/**
 * « Me prévenir »: an address to write to when the product is back in stock, stored by cart-service
 * (`POST /api/restock-alerts`). A real form first (decision 026): posted by the browser before the page hydrates or
 * without JavaScript, checked and sent from here once hydrated. The service is asked in the page's language, so its
 * answer and its refusals are in it too.
 */
export function NotifyMeForm({ apiBase = '', productId, productName }: { apiBase?: string; productId: string; productName: string }) {
  const { t, locale } = useText();
  const titleId = useId();
  const { values, setValues, serverErrors, formProps } = useFormPost('restock-alert', { email: '' });
  const [error, setError] = useState<string | undefined>(serverErrors.email);
  const [pending, setPending] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    // The rule of contracts' checkRestockEmail, which cart-service applies too; the words are the page's.
    const email = values.email.trim();
    const problem = !email ? t('notify.emailMissing') : isValidEmail(email) ? undefined : t('notify.emailInvalid');
    setError(problem);
    if (problem) return;
    setPending(true);
    try {
      const answer = await postJson<RestockAlertAnswer>(inLanguage(`${apiBase}/api/restock-alerts`, locale), { productId, email });
      showToast('success', answer.message);
      setValues({ email: '' });
    } catch (failure) {
      setError(failure instanceof HttpError && failure.fields?.['email'] ? failure.fields['email'] : failureText(t('notify.failed'), failure, t));
    } finally {
      setPending(false);
    }
  };
  return (
    <section aria-labelledby={titleId} className={form.form}>
      <h2 id={titleId}>{t('notify.title')}</h2>
      <p>{t('notify.intro', { name: productName })}</p>
      <form noValidate {...formProps} onSubmit={onSubmit} className={form.form} aria-busy={pending}>
        <FormName form="restock-alert" />
        <input type="hidden" name="productId" value={productId} />
        <FormField label={t('notify.email')} required error={error}>
          {(control) => (
            <input {...control} type="email" name="email" autoComplete="email" value={values.email} onChange={(e) => setValues({ email: e.target.value })} />
          )}
        </FormField>
        <div>
          <button type="submit" className={buttons.secondary} disabled={pending}>
            {t('notify.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
