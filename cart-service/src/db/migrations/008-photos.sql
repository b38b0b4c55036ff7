-- Product photos (decision 044): each `{image, alt: {fr-MA, ar-MA}}` in the order they are shown. `images` keeps the
-- product's drawings (the catalogue file's), shown while it has no photo and again if its photos are all removed.
ALTER TABLE products ADD COLUMN photos jsonb NOT NULL DEFAULT '[]';
