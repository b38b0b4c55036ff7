import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { shopInfo } from '../shared/content/shop-info';
import { FormField } from '../shared/form-field';
import { isValidEmail } from '../shared/validate-email';
import buttons from '../shared/buttons.module.css';
import form from '../shared/form.module.css';

/**
 * The "prévenez-moi" form. There is no alert service yet, so a valid address is not stored or sent, and the page
 * says so plainly rather than promise an e-mail that will never come.
 */
export function NotifyMeForm({ productName }: { productName: string }) {
  const titleId = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!value) setError('Saisissez votre adresse e-mail.');
    else if (!isValidEmail(value)) setError('Saisissez une adresse e-mail valide, par exemple nom@exemple.ma.');
    else {
      setError(undefined);
      setDone(true);
    }
  };
  return (
    <section aria-labelledby={titleId} className={form.form}>
      <h2 id={titleId}>Être prévenu du retour en stock</h2>
      <form noValidate onSubmit={onSubmit} className={form.form}>
        <FormField label="Adresse e-mail" required error={error}>
          {(control) => (
            <input
              {...control}
              type="email"
              name="email"
              autoComplete="email"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setDone(false);
              }}
            />
          )}
        </FormField>
        <div>
          <button type="submit" className={buttons.secondary}>
            Me prévenir
          </button>
        </div>
      </form>
      <div role="status">
        {done ? (
          <div className={form.success}>
            <h2>Adresse valide, mais alerte non enregistrée</h2>
            <p>
              Les alertes de retour en stock ne sont pas encore envoyées : votre adresse n’a pas été enregistrée et vous ne
              recevrez pas d’e-mail pour « {productName} ». Revenez sur cette page ou appelez-nous au{' '}
              <a href={shopInfo.phoneHref}>{shopInfo.phone}</a>.
            </p>
          </div>
        ) : null}
      </div>
    </section>
  );
}
