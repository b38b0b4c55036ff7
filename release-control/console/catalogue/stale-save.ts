import { formatPrice } from '@shop/contracts/money';
import type { MerchandisedProduct } from '@shop/contracts/merchandising';
import { CATEGORY_LABELS, formFromProduct, LANGUAGE_LABELS, parseAmount, type ProductFormValues } from './product-form-values';

/** One field of the form: its French label, its value as text, and how to write that text back into a form. */
interface FormField {
  key: string;
  label: string;
  read(values: ProductFormValues): string;
  write(values: ProductFormValues, from: ProductFormValues): ProductFormValues;
}

const textField = (locale: 'fr-MA' | 'ar-MA', part: 'name' | 'description'): FormField => ({
  key: `texts.${locale}.${part}`,
  label: `${part === 'name' ? 'Nom' : 'Description'} (${LANGUAGE_LABELS[locale]})`,
  read: (values) => values.texts[locale][part].trim(),
  write: (values, from) => ({ ...values, texts: { ...values.texts, [locale]: { ...values.texts[locale], [part]: from.texts[locale][part] } } }),
});

const promotionField = (key: 'on' | 'oldPrice' | 'startsAt' | 'endsAt', label: string, read: (values: ProductFormValues) => string): FormField => ({
  key: key === 'on' ? 'promotion' : `promotion.${key}`,
  label,
  read,
  write: (values, from) => ({ ...values, promotion: { ...values.promotion, [key]: from.promotion[key] } }),
});

const amount = (text: string) => {
  const value = parseAmount(text);
  return value === null ? text.trim() : formatPrice(value);
};
/** A promotion's field reads '—' while the promotion is off: its values are not sent. */
const whilePromoted = (read: (values: ProductFormValues) => string) => (values: ProductFormValues) => (values.promotion.on ? read(values) || '—' : '—');
const dateText = (value: string) => value.replace('T', ' à ');

/** Every field a save sends, in the form's order. */
export const FORM_FIELDS: readonly FormField[] = [
  textField('fr-MA', 'name'),
  textField('ar-MA', 'name'),
  textField('fr-MA', 'description'),
  textField('ar-MA', 'description'),
  { key: 'slug', label: 'Adresse (slug)', read: (values) => values.slug.trim(), write: (values, from) => ({ ...values, slug: from.slug }) },
  { key: 'category', label: 'Catégorie', read: (values) => CATEGORY_LABELS[values.category], write: (values, from) => ({ ...values, category: from.category }) },
  { key: 'price', label: 'Prix', read: (values) => amount(values.price), write: (values, from) => ({ ...values, price: from.price }) },
  promotionField('on', 'Promotion', (values) => (values.promotion.on ? 'oui' : 'non')),
  promotionField('oldPrice', 'Ancien prix', whilePromoted((values) => amount(values.promotion.oldPrice))),
  promotionField('startsAt', 'Début de la promotion', whilePromoted((values) => dateText(values.promotion.startsAt))),
  promotionField('endsAt', 'Fin de la promotion', whilePromoted((values) => dateText(values.promotion.endsAt))),
];

export interface ComparedField {
  key: string;
  label: string;
  typed: string;
  current: string;
  differs: boolean;
}

/** What the merchandiser typed beside the product as it now is, field by field (after a 409 stale_version). */
export function compareWithCurrent(typed: ProductFormValues, current: MerchandisedProduct): ComparedField[] {
  const now = formFromProduct(current);
  return FORM_FIELDS.map((field) => {
    const [mine, theirs] = [field.read(typed), field.read(now)];
    return { key: field.key, label: field.label, typed: mine, current: theirs, differs: mine !== theirs };
  });
}

/**
 * The merchandiser's changes made again on the product as it now is: each field they changed from the version they
 * read (`base`) takes what they typed; every other field takes its current value, so another's change is kept.
 */
export function reapply(base: ProductFormValues, typed: ProductFormValues, current: MerchandisedProduct): ProductFormValues {
  let values = formFromProduct(current);
  for (const field of FORM_FIELDS) if (field.read(typed) !== field.read(base)) values = field.write(values, typed);
  return values;
}
