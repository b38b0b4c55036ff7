import { SHOP_LOCALES, type ShopLocale } from '@shop/contracts/locales';
import type { MerchandisedProduct, ProductPhoto, ProductTexts, Promotion } from '@shop/contracts/merchandising';
import type { Category } from '@shop/contracts/products';
import type { SqlQueryable } from '../../db/sql-client';
import type { CellPlace } from './facet-cells';
import type { PriceRange } from '@shop/contracts/product-query';

/** A product with everything a merchandiser edits: `p` products, `s` its stock, its words in every language. */
export const MERCHANDISED_COLUMNS = `p.id, p.slug, p.category, p.price_centimes, p.old_price_centimes, p.promo_old_price_centimes,
  p.promo_starts_at, p.promo_ends_at, p.images, p.photos, p.archived, p.version, p.changed_at, p.price_range, p.position, COALESCE(s.on_hand, 0) AS on_hand,
  (SELECT json_object_agg(t.locale, json_build_object('name', t.name, 'description', t.description)) FROM product_texts t WHERE t.product_id = p.id) AS texts`;

export interface MerchandisedRow {
  id: string;
  slug: string;
  category: Category;
  price_centimes: number;
  old_price_centimes: number | null;
  promo_old_price_centimes: number | null;
  promo_starts_at: Date | string | null;
  promo_ends_at: Date | string | null;
  images: string[];
  photos: ProductPhoto[];
  archived: boolean;
  version: number;
  changed_at: Date | string;
  price_range: PriceRange;
  position: number;
  on_hand: number;
  texts: Partial<Record<ShopLocale, ProductTexts>> | string | null;
}

const instant = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export function merchandisedOf(row: MerchandisedRow): MerchandisedProduct {
  const texts = (typeof row.texts === 'string' ? JSON.parse(row.texts) : (row.texts ?? {})) as Partial<Record<ShopLocale, ProductTexts>>;
  const promotion: Promotion | null =
    row.promo_old_price_centimes === null
      ? null
      : { oldPrice: row.promo_old_price_centimes / 100, startsAt: instant(row.promo_starts_at), endsAt: instant(row.promo_ends_at) };
  return {
    id: row.id,
    slug: row.slug,
    category: row.category,
    price: row.price_centimes / 100,
    promotion,
    texts: Object.fromEntries(SHOP_LOCALES.map((locale) => [locale, texts[locale] ?? { name: '', description: '' }])) as Record<ShopLocale, ProductTexts>,
    images: row.images,
    photos: row.photos,
    archived: row.archived,
    onPromotionNow: row.old_price_centimes !== null,
    onHand: row.on_hand,
    version: row.version,
    updatedAt: instant(row.changed_at)!,
  };
}

/** Where the product is counted in the facet cells (null: archived, counted nowhere). */
export function cellPlaceOf(row: Pick<MerchandisedRow, 'archived' | 'category' | 'price_range' | 'old_price_centimes' | 'on_hand'>): CellPlace | null {
  if (row.archived) return null;
  return { category: row.category, priceRange: row.price_range, promo: row.old_price_centimes !== null, inStock: row.on_hand > 0 };
}

/** Products by id, as merchandisers see them, locked for the caller's transaction when `forUpdate`. */
export async function merchandisedRows(db: SqlQueryable, ids: readonly string[], { forUpdate = false } = {}): Promise<Map<string, MerchandisedRow>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<MerchandisedRow>(
    `SELECT ${MERCHANDISED_COLUMNS} FROM products p LEFT JOIN stock s ON s.product_id = p.id WHERE p.id = ANY($1::text[])${forUpdate ? ' FOR UPDATE OF p' : ''}`,
    [[...ids]],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** What a merchandiser sees of a product, field by field: what the audit log compares. */
export function auditedFields(product: MerchandisedProduct | null): Record<string, unknown> {
  if (!product) return {};
  const fields: Record<string, unknown> = {
    slug: product.slug,
    category: product.category,
    price: product.price,
    promotion: product.promotion,
    images: product.images,
    photos: product.photos,
    archived: product.archived,
  };
  for (const locale of SHOP_LOCALES) {
    fields[`texts.${locale}.name`] = product.texts[locale].name;
    fields[`texts.${locale}.description`] = product.texts[locale].description;
  }
  return fields;
}

/** Each field whose value differs, with its value before and after. */
export function changedFields(before: MerchandisedProduct | null, after: MerchandisedProduct | null): Array<{ field: string; before: unknown; after: unknown }> {
  const was = auditedFields(before);
  const is = auditedFields(after);
  const names = [...new Set([...Object.keys(was), ...Object.keys(is)])];
  return names
    .filter((name) => JSON.stringify(was[name] ?? null) !== JSON.stringify(is[name] ?? null))
    .map((name) => ({ field: name, before: was[name] ?? null, after: is[name] ?? null }));
}
