import type { TrackedOrder, TrackOrderBody } from '@shop/contracts/orders';
import { checkTracking, type TrackingErrors } from '@shop/contracts/tracking';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useText } from '../messages/messages';
import { rich } from '../messages/rich-text';
import buttons from '../shared/buttons.module.css';
import { ErrorSummary } from '../shared/error-summary';
import { failureText } from '../shared/failure-text';
import { FormField } from '../shared/form-field';
import form from '../shared/form.module.css';
import { HttpError } from '../shared/api';
import { FormName, useFormOutcome, useFormPost } from '@shop/contracts/form-post';
import { trackOrder } from './track-order';
import { TrackedOrderView } from './tracked-order-view';
import styles from './orders.module.css';

interface Props {
  apiBase: string;
  /** From `?numero=`: the confirmation page links here with the number filled in. */
  initialNumber?: string;
}

const fieldOrder: (keyof TrackOrderBody)[] = ['number', 'phone'];

/**
 * Order number + phone → the order's progress. Both are checked here first, with the rules cart-service applies
 * (contracts/src/tracking.ts), in the page's language: the service counts failed look-ups and slows a visitor down
 * after a few, so a typo should not cost one.
 */
export function OrderTrackingForm({ apiBase, initialNumber = '' }: Props) {
  const { t, locale } = useText();
  const titleId = useId();
  // A real form first (decision 026): before the page hydrates or without JavaScript the browser posts it, and the
  // server answers with this page, the order found or the errors, and what was typed.
  const { values, setValues, serverErrors, serverFailure, formProps } = useFormPost('order-tracking', { number: initialNumber, phone: '' });
  const found = useFormOutcome('order-tracking')?.result as TrackedOrder | undefined;
  const [errors, setErrors] = useState<TrackingErrors>(serverErrors);
  const [attempt, setAttempt] = useState(0);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<{ text: string; id: number } | null>(() =>
    serverFailure ? { text: serverFailure, id: 0 } : null,
  );
  const [order, setOrder] = useState<TrackedOrder | null>(found ?? null);
  const inFlight = useRef(false);
  const failureRef = useRef<HTMLDivElement>(null);
  const resultRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);
  useEffect(() => {
    if (order) resultRef.current?.focus();
  }, [order]);

  const update = (name: keyof TrackOrderBody) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: checkTracking({ ...values, [name]: value }, locale).errors[name] }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    const found = checkTracking(values, locale).errors;
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      setAttempt((n) => n + 1);
      return;
    }
    inFlight.current = true;
    setPending(true);
    try {
      const response = await trackOrder(apiBase, values, locale);
      setOrder(response.order);
    } catch (error) {
      setOrder(null);
      const fields = error instanceof HttpError ? error.fields : undefined;
      const known = fields ? fieldOrder.filter((name) => fields[name]) : [];
      if (fields && known.length > 0) {
        setErrors(Object.fromEntries(known.map((name) => [name, fields[name]])));
        setAttempt((n) => n + 1);
      } else {
        // 404 (no such order for this phone) and 429 (too many tries) carry the service's own sentence.
        setFailure({ text: failureText(t('orders.tracking.failure'), error, t), id: Date.now() });
      }
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  };

  const messages = fieldOrder.map((name) => errors[name]).filter((m): m is string => Boolean(m));

  return (
    <div>
      <form noValidate {...formProps} onSubmit={onSubmit} className={form.form} aria-labelledby={titleId} aria-busy={pending}>
        <h2 id={titleId}>{t('orders.tracking.form')}</h2>
        <FormName form="order-tracking" />
        <ErrorSummary errors={messages} attempt={attempt} />
        <FormField label={t('orders.tracking.number')} required error={errors.number} hint={t('orders.tracking.number.hint')}>
          {(control) => (
            <input
              {...control}
              name="number"
              dir="ltr"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={values.number}
              onChange={(e) => update('number')(e.target.value)}
            />
          )}
        </FormField>
        <FormField
          label={t('orders.tracking.phone')}
          required
          error={errors.phone}
          hint={rich(t, 'orders.tracking.phone.hint', { example: <span dir="ltr">06 12 34 56 78</span> })}
        >
          {(control) => (
            <input {...control} name="phone" type="tel" dir="ltr" autoComplete="tel" inputMode="tel" value={values.phone} onChange={(e) => update('phone')(e.target.value)} />
          )}
        </FormField>
        <div>
          <button type="submit" className={buttons.primary} disabled={pending}>
            {pending ? t('orders.tracking.searching') : t('orders.tracking.submit')}
          </button>
        </div>
        {failure ? (
          <div key={failure.id} ref={failureRef} tabIndex={-1} role="alert" className={styles.alert}>
            <p>{failure.text}</p>
          </div>
        ) : null}
      </form>
      {order ? <TrackedOrderView ref={resultRef} order={order} apiBase={apiBase} /> : null}
    </div>
  );
}
