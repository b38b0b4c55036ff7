import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { shopInfo } from '../content/shop-info';
import { ErrorSummary } from '../shared/error-summary';
import { FormField } from '../shared/form-field';
import buttons from '../shared/buttons.module.css';
import form from '../shared/form.module.css';
import { validateDelivery } from './delivery-validation';
import type { DeliveryDetails, DeliveryErrors } from './delivery-validation';
import { moroccanCities } from './moroccan-cities';
import styles from './checkout.module.css';

const empty: DeliveryDetails = { fullName: '', phone: '', city: '', address: '' };
const order: (keyof DeliveryDetails)[] = ['fullName', 'phone', 'city', 'address'];

/**
 * Delivery details for cash on delivery. Placing the order belongs to the orders work, not yet available: a valid form
 * says plainly that no order was placed, instead of pretending.
 */
export function DeliveryForm() {
  const citiesId = useId();
  const [values, setValues] = useState<DeliveryDetails>(empty);
  const [errors, setErrors] = useState<DeliveryErrors>({});
  const [attempt, setAttempt] = useState(0);
  const [checked, setChecked] = useState(false);

  const update = (name: keyof DeliveryDetails) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setChecked(false);
    // Once a field was flagged, re-check it as the shopper types, so the message goes as soon as it is fixed.
    if (errors[name]) setErrors((e) => ({ ...e, [name]: validateDelivery({ ...values, [name]: value })[name] }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateDelivery(values);
    setErrors(found);
    const ok = Object.keys(found).length === 0;
    setChecked(ok);
    if (!ok) setAttempt((n) => n + 1);
  };

  const messages = order.map((name) => errors[name]).filter((m): m is string => Boolean(m));

  return (
    <form noValidate onSubmit={onSubmit} className={form.form} aria-labelledby="livraison-titre">
      <h2 id="livraison-titre" className={styles.sectionTitle}>
        Livraison et paiement à la livraison
      </h2>
      <ErrorSummary errors={messages} attempt={attempt} />
      <FormField label="Nom complet" required error={errors.fullName}>
        {(control) => (
          <input {...control} name="fullName" autoComplete="name" value={values.fullName} onChange={(e) => update('fullName')(e.target.value)} />
        )}
      </FormField>
      <FormField label="Téléphone" required error={errors.phone} hint="Un numéro marocain, par exemple 06 12 34 56 78 ou +212 6 12 34 56 78. Le livreur vous appelle avant de passer.">
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
      <p className={styles.payment}>
        <strong>Paiement à la livraison</strong> : vous réglez en espèces à la réception du colis.
      </p>
      <div>
        <button type="submit" className={buttons.primary}>
          Vérifier mes coordonnées
        </button>
      </div>
      <div role="status">
        {checked ? (
          <div className={form.success}>
            <h2>Vos coordonnées sont complètes</h2>
            <p>
              <strong>Aucune commande n’a été passée.</strong> La validation des commandes en ligne n’est pas encore ouverte et
              rien ne vous sera facturé. Pour commander dès maintenant, appelez-nous au{' '}
              <a href={shopInfo.phoneHref}>{shopInfo.phone}</a> ({shopInfo.hours}) : votre panier reste enregistré.
            </p>
          </div>
        ) : null}
      </div>
    </form>
  );
}
