import { CATALOGUE_CSV_MESSAGES as MESSAGES, CSV_NO, CSV_YES, type CatalogueCsvColumn, type CatalogueCsvLineError } from '@shop/contracts/catalogue-csv';
import type { ShopLocale } from '@shop/contracts/locales';
import type { MerchandisedProduct, ProductFields } from '@shop/contracts/merchandising';
import { PRODUCT_KEY } from '@shop/contracts/product-query';
import type { ImportedRow } from '../store/merchandising';
import { productChecks } from './product-bodies';

/** Each shop language's two text columns. */
const TEXT_COLUMNS = {
  'fr-MA': { name: 'name_fr', description: 'description_fr' },
  'ar-MA': { name: 'name_ar', description: 'description_ar' },
} as const satisfies Record<ShopLocale, { name: CatalogueCsvColumn; description: CatalogueCsvColumn }>;

/** The column of each field the console's rules name (product-bodies.ts), so a refusal points at the cell. */
const COLUMN_OF_FIELD: Record<string, CatalogueCsvColumn> = {
  slug: 'slug',
  category: 'category',
  price: 'price',
  promotion: 'promo_old_price',
  'promotion.oldPrice': 'promo_old_price',
  'promotion.startsAt': 'promo_starts_at',
  'promotion.endsAt': 'promo_ends_at',
  initialStock: 'stock',
  version: 'version',
  ...Object.fromEntries(
    Object.entries(TEXT_COLUMNS).flatMap(([locale, columns]) => [
      [`texts.${locale}.name`, columns.name],
      [`texts.${locale}.description`, columns.description],
    ]),
  ),
};

/** A product as one line of the file, its cells in CATALOGUE_CSV_COLUMNS' order. */
export function csvLineOf(product: MerchandisedProduct): string[] {
  const { promotion, texts } = product;
  return [
    product.id,
    String(product.version),
    product.slug,
    product.category,
    String(product.price),
    promotion ? String(promotion.oldPrice) : '',
    promotion?.startsAt ?? '',
    promotion?.endsAt ?? '',
    texts['fr-MA'].name,
    texts['fr-MA'].description,
    texts['ar-MA'].name,
    texts['ar-MA'].description,
    product.archived ? CSV_YES : CSV_NO,
    String(product.onHand),
  ];
}

/**
 * A number as the file writes it (129.5), else the text as it is: the console's rules (product-bodies.ts) refuse it
 * with the field's own message, so a file and a save are told the same thing.
 */
const numberOrText = (text: string): number | string => (/^[0-9]{1,9}(\.[0-9]+)?$/.test(text) ? Number(text) : text);

/**
 * One line of an import read into what a save takes, checked by the same rules as a console save (a new product as a
 * draft, an existing one as an edit), every problem named with its column. What needs the catalogue (an unknown id, a
 * version changed since, a slug of another product) is checked by the store, under its lock.
 */
export function readCsvLine(cell: (column: CatalogueCsvColumn) => string, line: number): { row: ImportedRow } | { errors: CatalogueCsvLineError[] } {
  const text = (column: CatalogueCsvColumn) => cell(column).trim();
  const errors: CatalogueCsvLineError[] = [];
  const refuse = (field: CatalogueCsvLineError['field'], message: string) => errors.push({ line, field, message });

  const id = text('id') || null;
  if (id !== null && !PRODUCT_KEY.test(id)) refuse('id', MESSAGES.unknownId(id));
  const versionText = text('version');
  let version: number | null = null;
  if (id === null) {
    if (versionText) refuse('version', MESSAGES.versionForNew);
  } else if (/^[1-9][0-9]{0,8}$/.test(versionText)) version = Number(versionText);
  else refuse('version', MESSAGES.versionMissing);

  const archivedText = text('archived').toLowerCase();
  if (![CSV_YES, CSV_NO, ''].includes(archivedText)) refuse('archived', MESSAGES.archived);

  const oldPrice = text('promo_old_price');
  const [startsAt, endsAt] = [text('promo_starts_at') || null, text('promo_ends_at') || null];
  if (!oldPrice && (startsAt || endsAt)) refuse('promo_old_price', MESSAGES.promotionDatesWithoutPrice);
  const fields = {
    slug: text('slug'),
    category: text('category'),
    price: numberOrText(text('price')),
    promotion: oldPrice ? { oldPrice: numberOrText(oldPrice), startsAt, endsAt } : null,
    // Texts as typed: the rules trim them, as a save's.
    texts: Object.fromEntries(Object.entries(TEXT_COLUMNS).map(([locale, columns]) => [locale, { name: cell(columns.name), description: cell(columns.description) }])),
  };
  // A new product's stock is its initial stock; an existing product's is never set by a file (orders move it meanwhile).
  const stock = text('stock');
  const checked = id === null ? productChecks.draft({ ...fields, initialStock: stock === '' ? 0 : numberOrText(stock) }) : productChecks.edit({ ...fields, version: version ?? 1 });
  if (!checked.ok) for (const [field, message] of Object.entries(checked.fields)) refuse(COLUMN_OF_FIELD[field] ?? '(ligne)', message);
  if (errors.length > 0 || !checked.ok) return { errors };

  const { version: _version, initialStock, ...product } = checked.value as ProductFields & { version?: number; initialStock?: number };
  return { row: { line, id, version, fields: product, archived: archivedText === CSV_YES, initialStock: initialStock ?? 0 } };
}
