-- What shoppers send the shop (decision 026): contact-form messages to answer, and « Me prévenir » alerts to send when
-- a product is back in stock (one per address and product).
CREATE TABLE contact_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  subject text NOT NULL,
  message text NOT NULL,
  received_at timestamptz NOT NULL
);
CREATE INDEX contact_messages_received_at ON contact_messages (received_at);

CREATE TABLE restock_alerts (
  product_id text NOT NULL,
  email text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (product_id, email)
);
