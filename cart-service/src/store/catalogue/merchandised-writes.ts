import { randomBytes } from 'node:crypto';
import type { ProductFields, Promotion } from '@shop/contracts/merchandising';
import type { SqlQueryable } from '../../db/sql-client';
import type { ValidProduct } from '../catalogue';
import { centimes } from './import-products';


/** A product id for a product made in the console or by a CSV line: never a slug's shape a merchandiser would type. */
export const newProductId = () => `m-${randomBytes(6).toString('hex')}`;

/** The fields as a catalogue entry (a console save's, a CSV line's), for the writer an import uses (its words indexed for search the same way). */
export function entryOf(id: string, fields: ProductFields, images: readonly string[], at: Date): ValidProduct {
  return {
    id,
    slug: fields.slug,
    category: fields.category,
    price: fields.price,
    images: [...images],
    updatedAt: at.toISOString().slice(0, 10),
    initialStock: 0,
    texts: fields.texts,
  };
}

/**
 * The old price a planned promotion shows at `now`, in SQL: within its window (a start included, an end excluded, either
 * absent), else none. The one rule for a save's promotion and for the clock that starts and ends them.
 */
export const runningPromotion = (oldPrice: string, startsAt: string, endsAt: string, now: string) =>
  `CASE WHEN ${oldPrice} IS NOT NULL AND (${startsAt} IS NULL OR ${startsAt} <= ${now}) AND (${endsAt} IS NULL OR ${endsAt} > ${now}) THEN ${oldPrice} END`;

/**
 * The planned promotions, and the ones running now (`old_price_centimes`, which listings read): the promotion clock
 * (applyPromotionWindows) moves the second when a window opens or closes. One statement for a console save's product
 * or a CSV import's batch of thousands.
 */
export async function writePromotions(tx: SqlQueryable, promotions: ReadonlyArray<{ id: string; promotion: Promotion | null }>, now: Date): Promise<void> {
  if (promotions.length === 0) return;
  await tx.query(
    `UPDATE products p SET promo_old_price_centimes = e.old_price, promo_starts_at = e.starts_at, promo_ends_at = e.ends_at,
       old_price_centimes = ${runningPromotion('e.old_price', 'e.starts_at', 'e.ends_at', '$5::timestamptz')}
     FROM unnest($1::text[], $2::integer[], $3::timestamptz[], $4::timestamptz[]) AS e (id, old_price, starts_at, ends_at)
     WHERE p.id = e.id`,
    [
      promotions.map((p) => p.id),
      promotions.map((p) => (p.promotion ? centimes(p.promotion.oldPrice) : null)),
      promotions.map((p) => p.promotion?.startsAt ?? null),
      promotions.map((p) => p.promotion?.endsAt ?? null),
      now.toISOString(),
    ],
  );
}
