import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { FormName, useFormPost } from '@shop/contracts/form-post';
import { checkRestockEmail, type RestockAlertAnswer } from '@shop/contracts/restock-alerts';
import { showToast } from '@shop/contracts/toast';
import { HttpError, postJson } from '../shared/api';
import { failureText } from '../shared/failure-text';
import { FormField } from '../shared/form-field';
import buttons from '../shared/buttons.module.css';
import form from '../shared/form.module.css';

/**
 * « Me prévenir »: an address to write to when the product is back in stock, stored by cart-service
 * (`POST /api/restock-alerts`). A real form first (decision 026): posted by the browser before the page hydrates or
 * without JavaScript, checked and sent from here once hydrated.
 */
export function NotifyMeForm({ apiBase = '', productId, productName }: { apiBase?: string; productId: string; productName: string }) {
  const titleId = useId();
  const { values, setValues, serverErrors, formProps } = useFormPost('restock-alert', { email: '' });
  const [error, setError] = useState<string | undefined>(serverErrors.email);
  const [pending, setPending] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const problem = checkRestockEmail(values.email);
    setError(problem);
    if (problem) return;
    setPending(true);
    try {
      const answer = await postJson<RestockAlertAnswer>(`${apiBase}/api/restock-alerts`, { productId, email: values.email.trim() });
      showToast('success', answer.message);
      setValues({ email: '' });
    } catch (failure) {
      setError(failure instanceof HttpError && failure.fields?.['email'] ? failure.fields['email'] : failureText('Votre alerte n’a pas pu être enregistrée', failure));
    } finally {
      setPending(false);
    }
  };
  return (
    <section aria-labelledby={titleId} className={form.form}>
      <h2 id={titleId}>Être prévenu du retour en stock</h2>
      <p>Laissez votre adresse : nous vous écrirons une seule fois, dès que « {productName} » sera de retour.</p>
      <form noValidate {...formProps} onSubmit={onSubmit} className={form.form} aria-busy={pending}>
        <FormName form="restock-alert" />
        <input type="hidden" name="productId" value={productId} />
        <FormField label="Adresse e-mail" required error={error}>
          {(control) => (
            <input {...control} type="email" name="email" autoComplete="email" value={values.email} onChange={(e) => setValues({ email: e.target.value })} />
          )}
        </FormField>
        <div>
          <button type="submit" className={buttons.secondary} disabled={pending}>
            Me prévenir
          </button>
        </div>
      </form>
    </section>
  );
}
