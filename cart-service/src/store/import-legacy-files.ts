import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { SqlClient, SqlQueryable } from '../db/sql-client';
import { requestFingerprint } from './request-fingerprint';

/**
 * Releases before decision 015 kept carts, orders and sign-ups in JSON files in the data folder. On the first start of
 * this release they are imported into the database in one transaction (nothing is half-imported), then renamed
 * `<file>.imported`, so an upgrade loses nothing and a second start does not import twice. Idempotency keys keep working
 * for a retry that straddles the upgrade: their fingerprint is the one of their order's delivery details (stored
 * validated and normalised, as a retry's body is fingerprinted), so a retry replays and another body is refused.
 */
const Line = z.object({ productId: z.string(), name: z.string(), price: z.number(), oldPrice: z.number().optional(), quantity: z.number().int(), images: z.array(z.string()) });
const Delivery = z.object({ fullName: z.string(), phone: z.string(), city: z.string(), address: z.string(), note: z.string().optional() });
const OrdersFile = z.object({
  orders: z.array(
    z.object({
      number: z.string().min(1),
      ownerId: z.string().min(1),
      placedBy: z.string().min(1).optional(),
      status: z.enum(['reçue', 'confirmée', 'expédiée', 'livrée', 'annulée']),
      createdAt: z.number(),
      updatedAt: z.number(),
      lines: z.array(Line).min(1),
      total: z.number(),
      delivery: Delivery,
    }),
  ),
  idempotency: z.array(z.object({ ownerId: z.string(), key: z.string(), number: z.string(), expiresAt: z.number() })).default([]),
});
const CartsFile = z.object({
  carts: z.array(z.object({ id: z.string().min(1), updatedAt: z.number(), lines: z.array(z.tuple([z.string().min(1), z.number().int().positive()])) })),
});
const NewsletterFile = z.object({ subscribers: z.array(z.object({ email: z.string().min(3), subscribedAt: z.string() })) });

const BATCH = 1000;

export async function importLegacyFiles(db: SqlClient, dataDir: string, logger?: Logger): Promise<void> {
  const orders = await readLegacy(join(dataDir, 'orders.json'), OrdersFile);
  const carts = await readLegacy(join(dataDir, 'carts.json'), CartsFile);
  const newsletter = await readLegacy(join(dataDir, 'newsletter.json'), NewsletterFile);
  if (!orders && !carts && !newsletter) return;
  await db.transaction(async (tx) => {
    if (orders) {
      const rows = orders.orders.map((o) => ({ ...o, placedBy: o.placedBy ?? o.ownerId, createdAt: iso(o.createdAt), updatedAt: iso(o.updatedAt) }));
      await inBatches(tx, rows, `INSERT INTO orders (number, owner_id, placed_by, status, created_at, updated_at, lines, total, delivery)
        SELECT number, "ownerId", "placedBy", status, "createdAt", "updatedAt", lines, total, delivery
        FROM jsonb_to_recordset($1::jsonb) AS x (number text, "ownerId" text, "placedBy" text, status text,
          "createdAt" timestamptz, "updatedAt" timestamptz, lines jsonb, total numeric, delivery jsonb)
        ON CONFLICT (number) DO NOTHING`);
      const deliveryOf = new Map(orders.orders.map((o) => [o.number, o.delivery]));
      const keys = orders.idempotency.flatMap((k) => {
        const delivery = deliveryOf.get(k.number);
        return delivery && k.expiresAt > Date.now() ? [{ ...k, fingerprint: requestFingerprint(delivery), expiresAt: iso(k.expiresAt) }] : [];
      });
      await inBatches(tx, keys, `INSERT INTO idempotency_keys (session_id, key, fingerprint, order_number, expires_at)
        SELECT "ownerId", key, fingerprint, number, "expiresAt"
        FROM jsonb_to_recordset($1::jsonb) AS x ("ownerId" text, key text, fingerprint text, number text, "expiresAt" timestamptz)
        WHERE EXISTS (SELECT 1 FROM orders WHERE orders.number = x.number)
        ON CONFLICT (session_id, key) DO NOTHING`);
    }
    if (carts) {
      const live = carts.carts.filter((c) => c.lines.length > 0);
      await inBatches(tx, live.map((c) => ({ id: c.id, updatedAt: iso(c.updatedAt) })), `INSERT INTO carts (id, updated_at)
        SELECT id, "updatedAt" FROM jsonb_to_recordset($1::jsonb) AS x (id text, "updatedAt" timestamptz) ON CONFLICT (id) DO NOTHING`);
      const lines = live.flatMap((c) => c.lines.map(([productId, quantity]) => ({ cartId: c.id, productId, quantity })));
      await inBatches(tx, lines, `INSERT INTO cart_lines (cart_id, product_id, quantity)
        SELECT "cartId", "productId", quantity FROM jsonb_to_recordset($1::jsonb) AS x ("cartId" text, "productId" text, quantity integer)
        ON CONFLICT (cart_id, product_id) DO NOTHING`);
    }
    if (newsletter) {
      await inBatches(tx, newsletter.subscribers, `INSERT INTO newsletter_subscribers (email, subscribed_at)
        SELECT email, "subscribedAt" FROM jsonb_to_recordset($1::jsonb) AS x (email text, "subscribedAt" timestamptz) ON CONFLICT (email) DO NOTHING`);
    }
  });
  for (const [name, data] of [['orders.json', orders], ['carts.json', carts], ['newsletter.json', newsletter]] as const) {
    if (data) await rename(join(dataDir, name), join(dataDir, `${name}.imported`));
  }
  logger?.info(
    { orders: orders?.orders.length ?? 0, carts: carts?.carts.length ?? 0, subscribers: newsletter?.subscribers.length ?? 0 },
    'imported the data files of the previous release into the database (renamed *.imported)',
  );
}

async function inBatches(tx: SqlQueryable, rows: readonly unknown[], sql: string): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await tx.query(sql, [JSON.stringify(rows.slice(i, i + BATCH))]);
}

const iso = (ms: number) => new Date(ms).toISOString();

async function readLegacy<T extends z.ZodType>(path: string, schema: T): Promise<z.infer<T> | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const parsed = schema.safeParse(JSON.parse(text));
  if (!parsed.success) {
    throw new Error(`${path} (from the previous release) could not be imported: ${z.prettifyError(parsed.error)}. Fix or move the file away to start.`);
  }
  return parsed.data;
}
