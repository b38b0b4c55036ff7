import { checkDelivery, DELIVERY_MAX_LENGTHS, type DeliveryErrors } from '@shop/contracts/delivery';
import type { DeliveryDetails } from '@shop/contracts/orders';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { cartKey } from '@shop/contracts/cart';
import { inLanguage } from '@shop/contracts/data-keys';
import { announceCartChanged } from '@shop/contracts/events';
import { pathTo } from '@shop/contracts/routes';
import { useShopNavigate } from '@shop/contracts/shop-link';
import { useSWRConfig } from 'swr';
import { IDEMPOTENCY_FIELD } from '@shop/contracts/forms';
import { FormName, usePageContext, useFormPost } from '@shop/contracts/form-post';
import { useText } from '../messages/messages';
import { rich } from '../messages/rich-text';
import { HttpError } from '../shared/api';
import { orderKey } from '../shared/order-cache-key';
import buttons from '../shared/buttons.module.css';
import { ErrorSummary } from '../shared/error-summary';
import { failureText } from '../shared/failure-text';
import { FormField } from '../shared/form-field';
import form from '../shared/form.module.css';
import { newIdempotencyKey } from './idempotency-key';
import { moroccanCities } from './moroccan-cities';
import { isDefiniteRefusal } from './order-outcome';
import { placeOrder } from './place-order';
import styles from './checkout.module.css';

type DeliveryValues = Required<DeliveryDetails>;

const empty: DeliveryValues = { fullName: '', phone: '', city: '', address: '', note: '' };
const fieldOrder: (keyof DeliveryValues)[] = ['fullName', 'phone', 'city', 'address', 'note'];

interface Props {
  apiBase?: string;
}

/** How the phone's hint writes a Moroccan number: read left to right on an Arabic page too. */
const phoneExample = (phone: string) => <span dir="ltr">{phone}</span>;

/**
 * Delivery details, then the order (cash on delivery): on success the cart is emptied and the confirmation opens. The
 * details are checked here first with the rules cart-service applies (contracts/src/delivery.ts), same texts in the
 * page's language, which the service answers in too.
 */
export function DeliveryForm({ apiBase = '' }: Props) {
  const { t, locale } = useText();
  const citiesId = useId();
  const navigate = useShopNavigate();
  const { mutate } = useSWRConfig();
  // A real form first (decision 026): posted by the browser before the page hydrates or without JavaScript, and
  // rendered again by the server with what was typed and its errors when the order is refused.
  const { values, setValues, serverErrors, serverFailure, formProps } = useFormPost('checkout', empty);
  const serverKey = usePageContext()?.formKey;
  const [errors, setErrors] = useState<DeliveryErrors>(serverErrors);
  const [attempt, setAttempt] = useState(0);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<{ text: string; id: number } | null>(() =>
    serverFailure ? { text: serverFailure, id: 0 } : null,
  );
  const failureRef = useRef<HTMLDivElement>(null);
  /**
   * One key per attempt at ordering, kept while the outcome is unknown: a retry after a lost answer then gets the order
   * the service may already have placed, never a second one. Forgotten once an order is placed or the service refused
   * (nothing was written): the next attempt, maybe with other details or another cart, is a new one.
   */
  const idempotencyKey = useRef<string | null>(serverKey ?? null);
  // A ref, not the state: a second click or Enter can arrive before React re-renders the disabled button.
  const inFlight = useRef(false);

  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  const update = (name: keyof DeliveryValues) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    // Once a field was flagged, re-check it as the shopper types, so the message goes as soon as it is fixed.
    if (errors[name]) setErrors((e) => ({ ...e, [name]: checkDelivery({ ...values, [name]: value }, locale).errors[name] }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    const found = checkDelivery(values, locale).errors;
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      setAttempt((n) => n + 1);
      return;
    }
    idempotencyKey.current ??= newIdempotencyKey();
    inFlight.current = true;
    setPending(true);
    try {
      const response = await placeOrder(apiBase, values, idempotencyKey.current, locale);
      idempotencyKey.current = null;
      // The confirmation page reads this cache entry (its key in the page's language, as use-order.ts reads it): it
      // shows at once, without asking the service again.
      const [namespace, url] = orderKey(apiBase, response.order.number);
      await mutate([namespace, inLanguage(url, locale)], response, { revalidate: false });
      announceCartChanged();
      navigate(pathTo('/shop/order/:number', response.order.number));
    } catch (error) {
      if (isDefiniteRefusal(error)) idempotencyKey.current = null;
      // Some line asks for more than is left: the cart shown must be read again, as the service holds it now (the key
      // for every reader of this cache, the event for mf-cart's lines, as after an order).
      if (error instanceof HttpError && error.code === 'out_of_stock') {
        void mutate(inLanguage(cartKey(apiBase), locale));
        announceCartChanged();
      }
      const fields = serviceFieldErrors(error);
      if (fields) {
        setErrors(fields);
        setAttempt((n) => n + 1);
      } else {
        setFailure({ text: failureText(t('checkout.failure'), error, t), id: Date.now() });
      }
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  };

  const messages = fieldOrder.map((name) => errors[name]).filter((m): m is string => Boolean(m));

  return (
    <form noValidate {...formProps} onSubmit={onSubmit} className={form.form} aria-labelledby="livraison-titre" aria-busy={pending}>
      <h2 id="livraison-titre" className={styles.sectionTitle}>
        {t('checkout.form.title')}
      </h2>
      <FormName form="checkout" />
      {/* Drawn by the server with the page: a double submit of this form places one order. */}
      {serverKey ? <input type="hidden" name={IDEMPOTENCY_FIELD} value={serverKey} /> : null}
      <ErrorSummary errors={messages} attempt={attempt} />
      <FormField label={t('checkout.field.fullName')} required error={errors.fullName}>
        {(control) => (
          <input {...control} name="fullName" autoComplete="name" value={values.fullName} onChange={(e) => update('fullName')(e.target.value)} />
        )}
      </FormField>
      <FormField
        label={t('checkout.field.phone')}
        required
        error={errors.phone}
        hint={rich(t, 'checkout.field.phone.hint', { mobile: phoneExample('06 12 34 56 78'), international: phoneExample('+212 6 12 34 56 78') })}
      >
        {(control) => (
          <input {...control} name="phone" type="tel" dir="ltr" autoComplete="tel" inputMode="tel" value={values.phone} onChange={(e) => update('phone')(e.target.value)} />
        )}
      </FormField>
      <FormField label={t('checkout.field.city')} required error={errors.city}>
        {(control) => (
          <>
            <input {...control} name="city" autoComplete="address-level2" list={citiesId} value={values.city} onChange={(e) => update('city')(e.target.value)} />
            <datalist id={citiesId}>
              {moroccanCities.map((city) => (
                <option key={city} value={t(city)} />
              ))}
            </datalist>
          </>
        )}
      </FormField>
      <FormField label={t('checkout.field.address')} required error={errors.address} hint={t('checkout.field.address.hint')}>
        {(control) => (
          <textarea {...control} name="address" autoComplete="street-address" rows={3} value={values.address} onChange={(e) => update('address')(e.target.value)} />
        )}
      </FormField>
      <FormField label={t('checkout.field.note')} error={errors.note} hint={t('checkout.field.note.hint', { max: DELIVERY_MAX_LENGTHS.note })}>
        {(control) => (
          <textarea {...control} name="note" rows={2} maxLength={DELIVERY_MAX_LENGTHS.note} value={values.note} onChange={(e) => update('note')(e.target.value)} />
        )}
      </FormField>
      <p className={styles.payment}>{rich(t, 'checkout.payment', { title: <strong>{t('checkout.payment.title')}</strong> })}</p>
      <div>
        <button type="submit" className={buttons.primary} disabled={pending}>
          {pending ? t('checkout.submitting') : t('checkout.submit')}
        </button>
      </div>
      {failure ? (
        <div key={failure.id} ref={failureRef} tabIndex={-1} role="alert" className={form.summary}>
          <p>{failure.text}</p>
        </div>
      ) : null}
    </form>
  );
}

/** The service's per-field messages for the fields this form has, or null when the refusal is about something else. */
function serviceFieldErrors(error: unknown): DeliveryErrors | null {
  if (!(error instanceof HttpError) || !error.fields) return null;
  const fields = error.fields;
  const known = fieldOrder.filter((name) => fields[name]);
  return known.length > 0 ? Object.fromEntries(known.map((name) => [name, fields[name]])) : null;
}
