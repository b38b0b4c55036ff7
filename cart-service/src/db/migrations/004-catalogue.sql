-- The catalogue (decision 041): products, their words in each shop language, and what search reads. Stock stays in
-- `stock` (one row per product id). Listings read pages through the indexes below, ordered and filtered by the database.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE products (
  id text PRIMARY KEY,
  -- Deferrable: an import may hand one product's slug to another within its transaction.
  slug text NOT NULL CONSTRAINT products_slug_key UNIQUE DEFERRABLE,
  category text NOT NULL CHECK (category IN ('face', 'body', 'hair', 'pack')),
  price_centimes integer NOT NULL CHECK (price_centimes > 0),
  -- The price before a promotion: a product is on promotion when it has one.
  old_price_centimes integer CHECK (old_price_centimes > price_centimes),
  -- Image paths with their content version (`/images/products/x.svg?v=…`), at least one.
  images jsonb NOT NULL,
  -- The shop's own order: a product keeps its place; a new one comes after every other.
  position integer NOT NULL UNIQUE,
  -- The entry's last change (the sitemap's lastmod).
  updated_on date NOT NULL,
  -- Folded names in every language (search-text.ts), for misspellings by trigram.
  search_names text NOT NULL,
  -- Folded names (weight A) and descriptions (weight B) in every language.
  search_vector tsvector NOT NULL,
  -- The entry as last imported, hashed: an import rewrites only the products whose entry changed.
  entry_digest text NOT NULL
);
CREATE INDEX products_category_position ON products (category, position);
CREATE INDEX products_price ON products (price_centimes, position);
CREATE INDEX products_category_price ON products (category, price_centimes, position);
CREATE INDEX products_search ON products USING gin (search_vector);
CREATE INDEX products_search_names ON products USING gin (search_names gin_trgm_ops);

CREATE TABLE product_texts (
  product_id text NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  locale text NOT NULL,
  name text NOT NULL,
  description text NOT NULL,
  -- The folded name, for the listing sorted by name.
  name_key text NOT NULL,
  PRIMARY KEY (product_id, locale)
);
CREATE INDEX product_texts_by_name ON product_texts (locale, name_key, product_id);
