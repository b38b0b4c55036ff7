import { checkDelivery, DELIVERY_MAX_LENGTHS, type DeliveryErrors } from '@shop/contracts/delivery';
import type { DeliveryDetails } from '@shop/contracts/orders';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { cartKey } from '@shop/contracts/cart';
import { announceCartChanged } from '@shop/contracts/events';
import { pathTo } from '@shop/contracts/routes';
import { useShopNavigate } from '@shop/contracts/shop-link';
import { useSWRConfig } from 'swr';
import { IDEMPOTENCY_FIELD } from '@shop/contracts/forms';
import { FormName, usePageContext, useFormPost } from '@shop/contracts/form-post';
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

/**
 * Delivery details, then the order (cash on delivery): on success the cart is emptied and the confirmation opens. The
 * details are checked here first with the rules cart-service applies (contracts/src/delivery.ts), same French texts.
 */
export function DeliveryForm({ apiBase = '' }: Props) {
  const citiesId = useId();
  const navigate = useShopNavigate();
  const { mutate } = useSWRConfig();
  // A real form first (decision 026): posted by the browser before the page hydrates or without JavaScript, and
  // rendered again by the server with what was typed and its French errors when the order is refused.
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
    if (errors[name]) setErrors((e) => ({ ...e, [name]: checkDelivery({ ...values, [name]: value }).errors[name] }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    const found = checkDelivery(values).errors;
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
      const response = await placeOrder(apiBase, values, idempotencyKey.current);
      idempotencyKey.current = null;
      // The confirmation page reads this cache entry: it shows at once, without asking the service again.
      await mutate(orderKey(apiBase, response.order.number), response, { revalidate: false });
      announceCartChanged();
      navigate(pathTo('/shop/order/:number', response.order.number));
    } catch (error) {
      if (isDefiniteRefusal(error)) idempotencyKey.current = null;
      // Some line asks for more than is left: the cart shown must be read again, as the service holds it now (the key
      // for every reader of this cache, the event for mf-cart's lines, as after an order).
      if (error instanceof HttpError && error.code === 'out_of_stock') {
        void mutate(cartKey(apiBase));
        announceCartChanged();
      }
      const fields = serviceFieldErrors(error);
      if (fields) {
        setErrors(fields);
        setAttempt((n) => n + 1);
      } else {
        setFailure({ text: failureText('Votre commande n’a pas pu être envoyée', error), id: Date.now() });
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
        Livraison et paiement à la livraison
      </h2>
      <FormName form="checkout" />
      {/* Drawn by the server with the page: a double submit of this form places one order. */}
      {serverKey ? <input type="hidden" name={IDEMPOTENCY_FIELD} value={serverKey} /> : null}
      <ErrorSummary errors={messages} attempt={attempt} />
      <FormField label="Nom complet" required error={errors.fullName}>
        {(control) => (
          <input {...control} name="fullName" autoComplete="name" value={values.fullName} onChange={(e) => update('fullName')(e.target.value)} />
        )}
      </FormField>
      <FormField label="Téléphone" required error={errors.phone} hint="Un numéro marocain, par exemple 06 12 34 56 78 ou +212 6 12 34 56 78. Nous vous appelons pour confirmer la commande, et le livreur avant de passer.">
        {(control) => (
          <input {...control} name="phone" type="tel" autoComplete="tel" inputMode="tel" value={values.phone} onChange={(e) => update('phone')(e.target.value)} />
        )}
      </FormField>
      <FormField label="Ville" required error={errors.city}>
        {(control) => (
          <>
            <input {...control} name="city" autoComplete="address-level2" list={citiesId} value={values.city} onChange={(e) => update('city')(e.target.value)} />
            <datalist id={citiesId}>
              {moroccanCities.map((city) => (
                <option key={city} value={city} />
              ))}
            </datalist>
          </>
        )}
      </FormField>
      <FormField label="Adresse" required error={errors.address} hint="Rue, numéro, quartier, et tout repère utile au livreur.">
        {(control) => (
          <textarea {...control} name="address" autoComplete="street-address" rows={3} value={values.address} onChange={(e) => update('address')(e.target.value)} />
        )}
      </FormField>
      <FormField label="Note pour le livreur" error={errors.note} hint={`Facultatif : étage, code d’entrée, horaires où vous êtes joignable… ${DELIVERY_MAX_LENGTHS.note} caractères au plus.`}>
        {(control) => (
          <textarea {...control} name="note" rows={2} maxLength={DELIVERY_MAX_LENGTHS.note} value={values.note} onChange={(e) => update('note')(e.target.value)} />
        )}
      </FormField>
      <p className={styles.payment}>
        <strong>Paiement à la livraison</strong> : vous réglez en espèces à la réception du colis. Après votre commande, nous
        vous appelons pour la confirmer.
      </p>
      <div>
        <button type="submit" className={buttons.primary} disabled={pending}>
          {pending ? 'Envoi de votre commande…' : 'Confirmer la commande'}
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
