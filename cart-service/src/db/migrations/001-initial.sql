-- Carts, orders, stock, idempotency keys, newsletter sign-ups and rate-limit windows (decision 015).

-- A cart per session id; its lines. `updated_at` is the last change: a cart expires 30 days after it.
CREATE TABLE carts (
  id text PRIMARY KEY,
  updated_at timestamptz NOT NULL
);
CREATE INDEX carts_updated_at ON carts (updated_at);

CREATE TABLE cart_lines (
  cart_id text NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
  product_id text NOT NULL,
  quantity integer NOT NULL CHECK (quantity > 0),
  PRIMARY KEY (cart_id, product_id)
);

-- Units on hand per catalogue product, never negative: an order reserves its lines in its own transaction.
CREATE TABLE stock (
  product_id text PRIMARY KEY,
  on_hand integer NOT NULL CHECK (on_hand >= 0),
  updated_at timestamptz NOT NULL
);

-- Every change of stock and why: an order (negative), its cancellation (positive), an operator's count or adjustment.
CREATE TABLE stock_movements (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  product_id text NOT NULL,
  delta integer NOT NULL,
  on_hand integer NOT NULL,
  reason text NOT NULL CHECK (reason IN ('order', 'cancellation', 'count', 'adjustment')),
  order_number text,
  at timestamptz NOT NULL
);
CREATE INDEX stock_movements_product ON stock_movements (product_id, at DESC);

-- An order as the shopper saw it when placing it: lines and delivery details frozen as JSON.
CREATE TABLE orders (
  number text PRIMARY KEY,
  owner_id text NOT NULL,
  placed_by text NOT NULL,
  status text NOT NULL CHECK (status IN ('reçue', 'confirmée', 'expédiée', 'livrée', 'annulée')),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  lines jsonb NOT NULL,
  total numeric(12, 2) NOT NULL,
  delivery jsonb NOT NULL
);
CREATE INDEX orders_newest ON orders (created_at DESC, number DESC);
CREATE INDEX orders_status_newest ON orders (status, created_at DESC, number DESC);

-- An Idempotency-Key of a session and the order it placed; `fingerprint` identifies the request body it came with.
CREATE TABLE idempotency_keys (
  session_id text NOT NULL,
  key text NOT NULL,
  fingerprint text NOT NULL,
  order_number text NOT NULL REFERENCES orders (number),
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (session_id, key)
);
CREATE INDEX idempotency_keys_expires_at ON idempotency_keys (expires_at);

CREATE TABLE newsletter_subscribers (
  email text PRIMARY KEY,
  subscribed_at timestamptz NOT NULL
);

-- Fixed windows of the rate limits (order tracking, operators' routes), shared by every instance.
CREATE TABLE attempt_windows (
  key text PRIMARY KEY,
  count integer NOT NULL,
  ends_at timestamptz NOT NULL
);
CREATE INDEX attempt_windows_ends_at ON attempt_windows (ends_at);
