-- Every folded word of the products' names, in every language (decision 041): a search word that matches none is
-- corrected to the most alike of these by trigrams (a vocabulary of thousands, not a scan of every product's text).
CREATE TABLE search_words (
  word text PRIMARY KEY
);
CREATE INDEX search_words_trigrams ON search_words USING gin (word gin_trgm_ops);
