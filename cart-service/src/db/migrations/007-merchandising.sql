-- Merchandisers run the catalogue from the console (decision 043).
-- A product's version counts its changes: a save carries the version it was read at, and another save in between makes
-- it stale (409), so two merchandisers never overwrite each other. An archived product is hidden from the shop (its
-- listings, search, page and sitemap) and counted in no facet cell; orders that hold it keep it.
ALTER TABLE products ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE products ADD COLUMN archived boolean NOT NULL DEFAULT false;
ALTER TABLE products ADD COLUMN changed_at timestamptz NOT NULL DEFAULT now();
-- A promotion as planned: its old price and its optional window. `old_price_centimes` is the promotion running now,
-- which listings, facets and the product page read: the promotion clock (promotion-clock.ts) sets it from these when a
-- window opens or closes, so a listing never computes dates.
ALTER TABLE products ADD COLUMN promo_old_price_centimes integer;
ALTER TABLE products ADD COLUMN promo_starts_at timestamptz;
ALTER TABLE products ADD COLUMN promo_ends_at timestamptz;
UPDATE products SET promo_old_price_centimes = old_price_centimes;
CREATE INDEX products_promo_window ON products (promo_starts_at, promo_ends_at) WHERE promo_old_price_centimes IS NOT NULL;

-- Every change of the catalogue: who, when, what, and each changed field before and after.
CREATE TABLE catalogue_audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  product_id text NOT NULL,
  product_name text NOT NULL,
  action text NOT NULL CHECK (action IN ('created', 'updated', 'archived', 'restored', 'stock_adjusted', 'imported')),
  by_operator text NOT NULL,
  at timestamptz NOT NULL,
  changes jsonb NOT NULL,
  reason text
);
CREATE INDEX catalogue_audit_product ON catalogue_audit (product_id, id DESC);

-- Counts every change of what shoppers see of the catalogue, on any instance: an instance's kept answers
-- (answer-cache.ts) are good only for the generation they were read at.
CREATE TABLE catalogue_state (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  generation bigint NOT NULL
);
INSERT INTO catalogue_state (singleton, generation) VALUES (true, 1);

-- Operators' adjustments carry their reason.
ALTER TABLE stock_movements ADD COLUMN note text;
