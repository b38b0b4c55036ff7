import type { CartItem } from '@shop/contracts/cart';
import type { Catalogue, CatalogueProduct as Product } from '../store/catalogue';

interface Fragments {
  before: string;
  after: string;
}

const cache = new WeakMap<Product, Fragments>();

/**
 * Serialises `{cart: CartItem[]}` to exactly what JSON.stringify gives for resolveCart's items, from per-product
 * fragments computed once (a catalogue product never changes while the process runs; only quantities do).
 * GET /api/cart is the shop's hottest call and serialisation was a visible share of it (see bench/cart-service).
 */
export function cartJson(items: readonly CartItem[], catalogue: Catalogue): string {
  let body = '{"cart":[';
  for (let i = 0; i < items.length; i += 1) {
    const item = items[i]!;
    const product = catalogue.byId(item.productId);
    const parts = product ? fragmentsOf(product) : undefined;
    const json = parts ? parts.before + String(item.quantity) + parts.after : JSON.stringify(item);
    body += i > 0 ? `,${json}` : json;
  }
  return `${body}]}`;
}

function fragmentsOf(product: Product): Fragments {
  let parts = cache.get(product);
  if (!parts) {
    const head = JSON.stringify(
      product.oldPrice === undefined
        ? { productId: product.id, name: product.name, price: product.price }
        : { productId: product.id, name: product.name, price: product.price, oldPrice: product.oldPrice },
    );
    parts = { before: `${head.slice(0, -1)},"quantity":`, after: `,"images":${JSON.stringify(product.images)}}` };
    cache.set(product, parts);
  }
  return parts;
}
