import { randomBytes } from 'node:crypto';
import type { ProductFields, Promotion } from '@shop/contracts/merchandising';
import type { SqlQueryable } from '../../db/sql-client';
import type { ValidProduct } from '../catalogue';

const centimes = (mad: number) => Math.round(mad * 100);

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
 * The planned promotions, and the ones running now (`old_price_centimes`, which listings read): the promotion clock
 * (applyPromotionWindows) moves the second when a window opens or closes. One statement for a console save's product
 * or a CSV import's batch of thousands.
 */
export async function writePromotions(tx: SqlQueryable, promotions: ReadonlyArray<{ id: string; promotion: Promotion | null }>, now: Date): Promise<void> {
  if (promotions.length === 0) return;
  await tx.query(
    `UPDATE products p SET promo_old_price_centimes = e.old_price, promo_starts_at = e.starts_at, promo_ends_at = e.ends_at,
       old_price_centimes = CASE WHEN e.old_price IS NOT NULL AND (e.starts_at IS NULL OR e.starts_at <= $5::timestamptz)
         AND (e.ends_at IS NULL OR e.ends_at > $5::timestamptz) THEN e.old_price END
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
