import { z } from 'zod';
import { SHOP_LOCALES, type ShopLocale } from '@shop/contracts/locales';
import { PRODUCT_TEXT_LIMITS, STOCK_REASON_MAX, type ProductDraft, type ProductEdit, type StockAdjustment } from '@shop/contracts/merchandising';
import { ApiError } from '../http/api-error';
import { CATEGORIES, identifier, money } from './catalogue-file';

export const MAX_STOCK = 1_000_000;
const { name, description } = PRODUCT_TEXT_LIMITS;

/** What a merchandiser is told for each field the console shows, keyed by the field's path (`texts.ar-MA.name`). */
const FIELD_MESSAGES: Record<string, string> = {
  slug: 'L’adresse : des lettres minuscules sans accent, des chiffres et des tirets (64 au plus).',
  category: 'Choisissez une catégorie : visage, corps, cheveux ou coffret.',
  price: 'Le prix : un montant positif en MAD, avec deux décimales au plus.',
  promotion: 'La promotion : un ancien prix, et des dates de début et de fin facultatives.',
  'promotion.oldPrice': 'L’ancien prix doit être un montant supérieur au prix.',
  'promotion.startsAt': 'Le début de la promotion : une date et une heure.',
  'promotion.endsAt': 'La fin de la promotion : une date et une heure après son début.',
  initialStock: `Le stock initial : un nombre entier d’unités, de 0 à ${MAX_STOCK.toLocaleString('fr-FR')}.`,
  version: 'La version du produit lue avant la modification manque.',
  delta: 'L’ajustement : un nombre entier d’unités, positif (réception) ou négatif (sortie), non nul.',
  reason: `Indiquez la raison de l’ajustement (${STOCK_REASON_MAX} caractères au plus).`,
  ...Object.fromEntries(
    SHOP_LOCALES.flatMap((locale) => {
      const language = locale === 'ar-MA' ? 'arabe' : 'français';
      return [
        [`texts.${locale}.name`, `Le nom en ${language} : de ${name.min} à ${name.max} caractères.`],
        [`texts.${locale}.description`, `La description en ${language} : de ${description.min} à ${description.max} caractères.`],
      ];
    }),
  ),
};

const texts = z.strictObject({
  name: z.string().trim().min(name.min).max(name.max),
  description: z.string().trim().min(description.min).max(description.max),
});

const instant = z.iso.datetime({ offset: true }).nullable();

const promotion = z
  .strictObject({ oldPrice: money, startsAt: instant, endsAt: instant })
  .refine((p) => p.startsAt === null || p.endsAt === null || Date.parse(p.endsAt) > Date.parse(p.startsAt), { path: ['endsAt'] })
  .transform((p) => ({
    oldPrice: p.oldPrice,
    startsAt: p.startsAt && new Date(p.startsAt).toISOString(),
    endsAt: p.endsAt && new Date(p.endsAt).toISOString(),
  }));

const fields = {
  slug: identifier,
  category: z.enum(CATEGORIES),
  price: money,
  promotion: promotion.nullable(),
  texts: z.strictObject(Object.fromEntries(SHOP_LOCALES.map((locale) => [locale, texts])) as Record<ShopLocale, typeof texts>),
};

const oldPriceAbovePrice = (body: { price: number; promotion: { oldPrice: number } | null }) => body.promotion === null || body.promotion.oldPrice > body.price;

const draft = z
  .strictObject({ ...fields, initialStock: z.number().int().min(0).max(MAX_STOCK).optional() })
  .refine(oldPriceAbovePrice, { path: ['promotion', 'oldPrice'] });
const edit = z.strictObject({ ...fields, version: z.number().int().min(1) }).refine(oldPriceAbovePrice, { path: ['promotion', 'oldPrice'] });
const adjustment = z.strictObject({
  delta: z.number().int().min(-MAX_STOCK).max(MAX_STOCK).refine((n) => n !== 0),
  reason: z.string().trim().min(1).max(STOCK_REASON_MAX),
});
const versionOnly = z.strictObject({ version: z.number().int().min(1) });

/** A body checked field by field: its value, or each invalid field's French message keyed by its path. */
export type FieldCheck<T> = { ok: true; value: T } | { ok: false; fields: Record<string, string> };

/**
 * Every invalid field at once, each with its French message keyed by the field's path (`texts.ar-MA.name`), so the
 * console shows them all beside their inputs and a CSV import names each cell; a key the API does not know is refused
 * too. The one place the rules of a product's fields are read, whichever way the product comes.
 */
function check<T extends z.ZodType>(schema: T, body: unknown): FieldCheck<z.infer<T>> {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  const refused: Record<string, string> = {};
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) refused[[...issue.path, key].join('.')] = 'Ce champ n’existe pas.';
      continue;
    }
    const path = issue.path.map(String);
    // The most precise message known for the path, else its parent's (`texts.ar-MA.name` → `texts`…).
    for (let depth = path.length; depth >= 0; depth -= 1) {
      const key = path.slice(0, depth).join('.');
      const message = FIELD_MESSAGES[key];
      if (message || depth === 0) {
        refused[path.join('.') || '(corps)'] ??= message ?? 'Le corps de la requête doit être un objet JSON du format documenté.';
        break;
      }
    }
  }
  return { ok: false, fields: refused };
}

/** The API's refusal of an invalid body: 400 `validation_failed` with `fields`. */
function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const checked = check(schema, body);
  if (checked.ok) return checked.value;
  throw new ApiError(400, 'validation_failed', 'Certains champs sont à corriger.', { extra: { fields: checked.fields } });
}

/** A new product's or an edit's fields checked, without throwing: what a CSV import runs on each line. */
export const productChecks = {
  draft: (body: unknown): FieldCheck<ProductDraft> => check(draft, body),
  edit: (body: unknown): FieldCheck<ProductEdit> => check(edit, body),
};

export const productBodies = {
  draft: (body: unknown): ProductDraft => parse(draft, body),
  edit: (body: unknown): ProductEdit => parse(edit, body),
  adjustment: (body: unknown): StockAdjustment => parse(adjustment, body),
  version: (body: unknown): number => parse(versionOnly, body).version,
};
