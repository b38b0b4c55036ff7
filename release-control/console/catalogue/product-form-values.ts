import type { ProductDraft, ProductEdit, ProductFields, Promotion } from '@shop/contracts/merchandising';
import { SHOP_LOCALES, type ShopLocale } from '@shop/contracts/locales';
import type { Category } from '@shop/contracts/products';

/** The categories as merchandisers name them, in the order the form offers them. */
export const CATEGORY_LABELS: Record<Category, string> = { face: 'Visage', body: 'Corps', hair: 'Cheveux', pack: 'Coffrets' };
export const CATEGORIES = Object.keys(CATEGORY_LABELS) as Category[];

/** The languages' names beside their fields. */
export const LANGUAGE_LABELS: Record<ShopLocale, string> = { 'fr-MA': 'français', 'ar-MA': 'arabe' };

/** The product form as typed: every field a string (numbers as written, dates as a datetime-local input gives them). */
export interface ProductFormValues {
  slug: string;
  category: Category;
  price: string;
  texts: Record<ShopLocale, { name: string; description: string }>;
  promotion: { on: boolean; oldPrice: string; startsAt: string; endsAt: string };
  /** On creation only. */
  initialStock: string;
}

/** A French message per field, keyed as cart-service keys a 400's `fields` (`texts.ar-MA.name`, `promotion.oldPrice`…). */
export type FieldErrors = Record<string, string>;

export const emptyForm = (): ProductFormValues => ({
  slug: '',
  category: 'face',
  price: '',
  texts: { 'fr-MA': { name: '', description: '' }, 'ar-MA': { name: '', description: '' } },
  promotion: { on: false, oldPrice: '', startsAt: '', endsAt: '' },
  initialStock: '0',
});

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a datetime-local input shows it: the browser's local time, to the minute. */
export function isoToDatetimeLocal(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local input's value (local time) as an ISO instant; null when empty or not a date. */
export function datetimeLocalToIso(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const date = new Date(year, month - 1, day, hours, minutes, seconds);
  if (date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return date.toISOString();
}

/** A price as a merchandiser writes it (`129,90`, `129.9`, `1 200`), or null when it is not a number of dirhams. */
export function parseAmount(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return Number(cleaned);
}

/** A price as the form shows it, French style (`129,9`). */
const amountText = (amount: number) => String(amount).replace('.', ',');

export function formFromProduct(product: ProductFields): ProductFormValues {
  return {
    slug: product.slug,
    category: product.category,
    price: amountText(product.price),
    texts: { 'fr-MA': { ...product.texts['fr-MA'] }, 'ar-MA': { ...product.texts['ar-MA'] } },
    promotion: product.promotion
      ? { on: true, oldPrice: amountText(product.promotion.oldPrice), startsAt: isoToDatetimeLocal(product.promotion.startsAt), endsAt: isoToDatetimeLocal(product.promotion.endsAt) }
      : { on: false, oldPrice: '', startsAt: '', endsAt: '' },
    initialStock: '0',
  };
}

export const FIELD_MESSAGES = {
  price: 'Indiquez un prix en dirhams, par exemple 129,90.',
  oldPrice: 'Indiquez l’ancien prix en dirhams, par exemple 159,90.',
  date: 'Indiquez une date et une heure complètes, ou laissez vide.',
  initialStock: 'Indiquez un nombre entier d’unités, 0 ou plus.',
} as const;

/** The form's fields as the API takes them, or the fields this side can already tell are not numbers or dates. */
export function fieldsFromForm(values: ProductFormValues): { fields: ProductFields } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const price = parseAmount(values.price);
  if (price === null) errors['price'] = FIELD_MESSAGES.price;
  let promotion: Promotion | null = null;
  if (values.promotion.on) {
    const oldPrice = parseAmount(values.promotion.oldPrice);
    if (oldPrice === null) errors['promotion.oldPrice'] = FIELD_MESSAGES.oldPrice;
    const startsAt = datetimeLocalToIso(values.promotion.startsAt);
    const endsAt = datetimeLocalToIso(values.promotion.endsAt);
    if (values.promotion.startsAt.trim() && !startsAt) errors['promotion.startsAt'] = FIELD_MESSAGES.date;
    if (values.promotion.endsAt.trim() && !endsAt) errors['promotion.endsAt'] = FIELD_MESSAGES.date;
    promotion = { oldPrice: oldPrice ?? 0, startsAt, endsAt };
  }
  if (Object.keys(errors).length > 0) return { errors };
  const texts = Object.fromEntries(
    SHOP_LOCALES.map((locale) => [locale, { name: values.texts[locale].name.trim(), description: values.texts[locale].description.trim() }]),
  ) as ProductFields['texts'];
  return { fields: { slug: values.slug.trim(), category: values.category, price: price!, promotion, texts } };
}

/** What a save refused in the browser, before any request, says above the form (each field says its own). */
export const FIELDS_REFUSED_NOTICE = 'Corrigez les champs signalés.';

/** `POST /admin/products`'s body, with the units the product starts with. */
export function draftFromForm(values: ProductFormValues): { draft: ProductDraft } | { errors: FieldErrors } {
  const initialStock = values.initialStock.trim() === '' ? 0 : Number(values.initialStock.trim());
  const result = fieldsFromForm(values);
  const stockError = Number.isInteger(initialStock) && initialStock >= 0 ? null : FIELD_MESSAGES.initialStock;
  if ('errors' in result) return { errors: { ...result.errors, ...(stockError ? { initialStock: stockError } : {}) } };
  if (stockError) return { errors: { initialStock: stockError } };
  return { draft: { ...result.fields, initialStock } };
}

/** `PUT /admin/products/:id`'s body: every field, and the version the edit was made from. */
export function editFromForm(values: ProductFormValues, version: number): { edit: ProductEdit } | { errors: FieldErrors } {
  const result = fieldsFromForm(values);
  return 'errors' in result ? result : { edit: { ...result.fields, version } };
}
