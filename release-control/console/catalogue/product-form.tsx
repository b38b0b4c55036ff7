import { useId } from 'react';
import { SHOP_LOCALES, type ShopLocale } from '@shop/contracts/locales';
import { PRODUCT_TEXT_LIMITS } from '@shop/contracts/merchandising';
import type { Category } from '@shop/contracts/products';
import sharedStyles from '../shared/console.module.css';
import styles from './catalogue.module.css';
import { FormField } from './form-field';
import { CATEGORIES, CATEGORY_LABELS, LANGUAGE_LABELS, type FieldErrors, type ProductFormValues } from './product-form-values';

interface ProductFormProps {
  /** The form's accessible name (`Nouveau produit`, `Modifier Huile d’argan`). */
  name: string;
  values: ProductFormValues;
  onChange(values: ProductFormValues): void;
  errors: FieldErrors;
  /** A new product: its initial stock is asked too. */
  creating: boolean;
  busy: boolean;
  submitLabel: string;
  onSubmit(): void;
  onCancel(): void;
}

/** The texts in one language: its own direction and language, so Arabic is typed and read right to left. */
function LanguageFields({ locale, values, onChange, errors }: { locale: ShopLocale; values: ProductFormValues; onChange(values: ProductFormValues): void; errors: FieldErrors }) {
  const language = locale === 'ar-MA' ? { dir: 'rtl' as const, lang: 'ar' } : { dir: 'ltr' as const, lang: 'fr' };
  const texts = values.texts[locale];
  const set = (part: 'name' | 'description', value: string) => onChange({ ...values, texts: { ...values.texts, [locale]: { ...texts, [part]: value } } });
  const label = LANGUAGE_LABELS[locale];
  return (
    <fieldset className={styles.group}>
      <legend>{label === 'arabe' ? 'En arabe' : 'En français'}</legend>
      <FormField label={`Nom (${label})`} value={texts.name} onChange={(value) => set('name', value)} error={errors[`texts.${locale}.name`]} language={language} required maxLength={PRODUCT_TEXT_LIMITS.name.max} />
      <FormField
        label={`Description (${label})`}
        value={texts.description}
        onChange={(value) => set('description', value)}
        error={errors[`texts.${locale}.description`]}
        language={language}
        multiline
        required
        maxLength={PRODUCT_TEXT_LIMITS.description.max}
      />
    </fieldset>
  );
}

/**
 * A product's form: the French and Arabic texts side by side, its address, category and price, its promotion, and on
 * creation the units it starts with. Each field shows its own error; the values are the caller's (product-form-values.ts).
 */
export function ProductForm({ name, values, onChange, errors, creating, busy, submitLabel, onSubmit, onCancel }: ProductFormProps) {
  const categoryId = useId();
  const promotion = values.promotion;
  const setPromotion = (change: Partial<ProductFormValues['promotion']>) => onChange({ ...values, promotion: { ...promotion, ...change } });
  const known = new Set([...SHOP_LOCALES.flatMap((l) => [`texts.${l}.name`, `texts.${l}.description`]), 'slug', 'category', 'price', 'promotion.oldPrice', 'promotion.startsAt', 'promotion.endsAt', 'initialStock']);
  // A refusal about a field this form has no place for (the promotion as a whole, a field of a later version): above it.
  const other = Object.entries(errors).filter(([field]) => !known.has(field));
  return (
    <form
      aria-label={name}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {other.length > 0 && (
        <ul className={styles.fieldError}>
          {other.map(([field, message]) => (
            <li key={field}>{message}</li>
          ))}
        </ul>
      )}
      <div className={styles.languages}>
        {SHOP_LOCALES.map((locale) => (
          <LanguageFields key={locale} locale={locale} values={values} onChange={onChange} errors={errors} />
        ))}
      </div>
      <fieldset className={styles.group}>
        <legend>Vente</legend>
        <FormField
          label="Adresse (slug)"
          hint="Lettres minuscules, chiffres et tirets : l’adresse de la page du produit."
          value={values.slug}
          onChange={(slug) => onChange({ ...values, slug })}
          error={errors['slug']}
          required
          maxLength={64}
        />
        <div className={styles.field}>
          <label htmlFor={categoryId}>
            <strong>Catégorie</strong>
          </label>
          <select
            id={categoryId}
            value={values.category}
            aria-invalid={errors['category'] ? true : undefined}
            aria-describedby={errors['category'] ? `${categoryId}-error` : undefined}
            onChange={(event) => onChange({ ...values, category: event.target.value as Category })}
          >
            {CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {CATEGORY_LABELS[category]}
              </option>
            ))}
          </select>
          {errors['category'] && (
            <p id={`${categoryId}-error`} className={styles.fieldError}>
              {errors['category']}
            </p>
          )}
        </div>
        <FormField label="Prix (MAD)" hint="Par exemple 129,90." value={values.price} onChange={(price) => onChange({ ...values, price })} error={errors['price']} inputMode="decimal" required />
        {creating && (
          <FormField
            label="Stock initial (unités)"
            value={values.initialStock}
            onChange={(initialStock) => onChange({ ...values, initialStock })}
            error={errors['initialStock']}
            inputMode="numeric"
          />
        )}
      </fieldset>
      <fieldset className={styles.group}>
        <legend>Promotion</legend>
        <label className={styles.check}>
          <input type="checkbox" checked={promotion.on} onChange={(event) => setPromotion({ on: event.target.checked })} />
          En promotion (l’ancien prix est barré)
        </label>
        {promotion.on && (
          <>
            <FormField
              label="Ancien prix (MAD)"
              hint="Plus élevé que le prix."
              value={promotion.oldPrice}
              onChange={(oldPrice) => setPromotion({ oldPrice })}
              error={errors['promotion.oldPrice']}
              inputMode="decimal"
              required
            />
            <FormField label="Début (facultatif)" type="datetime-local" value={promotion.startsAt} onChange={(startsAt) => setPromotion({ startsAt })} error={errors['promotion.startsAt']} />
            <FormField label="Fin (facultatif, exclue)" type="datetime-local" value={promotion.endsAt} onChange={(endsAt) => setPromotion({ endsAt })} error={errors['promotion.endsAt']} />
          </>
        )}
      </fieldset>
      <div className={sharedStyles.actions}>
        <button type="submit" className={sharedStyles.button} disabled={busy}>
          {submitLabel}
        </button>
        <button type="button" className={sharedStyles.secondary} onClick={onCancel}>
          Fermer
        </button>
      </div>
    </form>
  );
}
