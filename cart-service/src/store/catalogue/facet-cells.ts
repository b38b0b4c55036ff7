import { PRICE_RANGE_NAMES, inPriceRange, type PriceRange, type ProductFacets, type ProductQuery } from '@shop/contracts/product-query';
import type { Category } from '@shop/contracts/products';
import type { SqlQueryable } from '../../db/sql-client';
import { noteCatalogueChange } from './catalogue-changes';

/** The price range a price falls in (the ranges part every price: contracts' PRICE_RANGES). */
export function priceRangeOf(price: number): PriceRange {
  return PRICE_RANGE_NAMES.find((range) => inPriceRange(price, range)) ?? 'plus-200';
}

/** Recounts every cell from the products and their stock (after an import or a removal, in its transaction). */
export async function recountCells(tx: SqlQueryable): Promise<void> {
  await tx.query('DELETE FROM facet_cells');
  await tx.query(
    `INSERT INTO facet_cells (category, price_range, promo, products, in_stock)
     SELECT p.category, p.price_range, p.old_price_centimes IS NOT NULL, count(*), count(*) FILTER (WHERE COALESCE(s.on_hand, 0) > 0)
     FROM products p LEFT JOIN stock s ON s.product_id = p.id
     WHERE NOT p.archived
     GROUP BY 1, 2, 3`,
  );
}

/**
 * A stock change of one product, in its transaction: when it empties the product or brings it back, its cell's
 * `in_stock` follows. Nothing to do otherwise (most changes), and nothing for an id the catalogue does not hold.
 */
export async function stockCrossed(tx: SqlQueryable, productId: string, before: number, after: number): Promise<void> {
  if (before > 0 === after > 0) return;
  // « Rupture de stock » shows or goes on its page and cards, and it joins or leaves the « en stock » listings: every
  // stock change passes here (orders, cancellations, counts, adjustments), so the one place that notes it.
  noteCatalogueChange(tx, [productId], { listings: true, cause: after > 0 ? 'back in stock' : 'out of stock' });
  await tx.query(
    `UPDATE facet_cells c SET in_stock = c.in_stock + $2
     FROM products p WHERE p.id = $1 AND NOT p.archived AND c.category = p.category AND c.price_range = p.price_range AND c.promo = (p.old_price_centimes IS NOT NULL)`,
    [productId, after > 0 ? 1 : -1],
  );
}

/** Where one product is counted: its cell and whether it can be ordered; null for an archived product (counted nowhere). */
export interface CellPlace {
  category: Category;
  priceRange: PriceRange;
  promo: boolean;
  inStock: boolean;
}

/**
 * A product written one at a time (a merchandiser's save, an archive, a promotion's window opening): it leaves the cell
 * it was counted in and joins its new one, in the caller's transaction, so the cells stay exact without a recount.
 */
export async function moveBetweenCells(tx: SqlQueryable, before: CellPlace | null, after: CellPlace | null): Promise<void> {
  if (before && after && before.category === after.category && before.priceRange === after.priceRange && before.promo === after.promo && before.inStock === after.inStock) return;
  if (before) {
    await tx.query(
      'UPDATE facet_cells SET products = products - 1, in_stock = in_stock - $4 WHERE category = $1 AND price_range = $2 AND promo = $3',
      [before.category, before.priceRange, before.promo, before.inStock ? 1 : 0],
    );
  }
  if (after) {
    await tx.query(
      `INSERT INTO facet_cells (category, price_range, promo, products, in_stock) VALUES ($1, $2, $3, 1, $4)
       ON CONFLICT (category, price_range, promo) DO UPDATE SET products = facet_cells.products + 1, in_stock = facet_cells.in_stock + EXCLUDED.in_stock`,
      [after.category, after.priceRange, after.promo, after.inStock ? 1 : 0],
    );
  }
}

interface Cell {
  category: Category;
  price_range: PriceRange;
  promo: boolean;
  products: number;
  in_stock: number;
}

/** The total and the facets of a query without a search or ids, summed from the cells (see ProductFacets). */
export async function facetsFromCells(db: SqlQueryable, query: ProductQuery): Promise<{ total: number; facets: ProductFacets }> {
  const { rows } = await db.query<Cell>('SELECT category, price_range, promo, products, in_stock FROM facet_cells');
  const facets: ProductFacets = {
    categories: { face: 0, body: 0, hair: 0, pack: 0 },
    prices: { 'moins-100': 0, '100-200': 0, 'plus-200': 0 },
    promo: 0,
    inStock: 0,
  };
  let total = 0;
  for (const cell of rows) {
    const category = query.category === 'all' || cell.category === query.category;
    const price = query.price === undefined || cell.price_range === query.price;
    const promo = !query.promo || cell.promo;
    const counted = query.inStock ? cell.in_stock : cell.products;
    if (category && price && promo) total += counted;
    if (price && promo && cell.category in facets.categories) facets.categories[cell.category] += counted;
    if (category && promo && cell.price_range in facets.prices) facets.prices[cell.price_range] += counted;
    if (category && price && cell.promo) facets.promo += counted;
    if (category && price && promo) facets.inStock += cell.in_stock;
  }
  return { total, facets };
}
