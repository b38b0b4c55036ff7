-- The listings' counts without a search (decision 041): one row per category, price range and promotion, with how many
-- products it holds and how many of them can be ordered. A listing's total and every filter's count are sums of these
-- few rows, exact at every moment: an import recounts them, and a stock change that empties a product or brings it
-- back moves it between `in_stock` and not, in the same transaction.
ALTER TABLE products ADD COLUMN price_range text NOT NULL DEFAULT '';
CREATE TABLE facet_cells (
  category text NOT NULL,
  price_range text NOT NULL,
  promo boolean NOT NULL,
  products integer NOT NULL,
  in_stock integer NOT NULL,
  PRIMARY KEY (category, price_range, promo)
);
