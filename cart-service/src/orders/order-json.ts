import type { CartItem } from '@shop/contracts/cart';
import { DEFAULT_LOCALE } from '@shop/contracts/locales';
import type { Order, OrderLine, TrackedOrder } from '@shop/contracts/orders';
import type { ShopLocale } from '@shop/contracts/locales';
import type { Catalogue, CatalogueStore } from '../store/catalogue';
import type { StoredOrder } from '../store/order-store';

/** A cart line frozen into an order: the catalogue's name and prices at this moment. */
export function orderLineOf(item: CartItem): OrderLine {
  const { productId, name, price, oldPrice, quantity, images } = item;
  return oldPrice === undefined
    ? { productId, name, price, quantity, images: [...images] }
    : { productId, name, price, oldPrice, quantity, images: [...images] };
}

/** Sum of price × quantity, in centimes to avoid binary fractions (19.9 × 3 is 59.7, not 59.699999…). */
export function orderTotal(lines: readonly OrderLine[]): number {
  const centimes = lines.reduce((sum, line) => sum + Math.round(line.price * 100) * line.quantity, 0);
  return centimes / 100;
}

/**
 * An order's lines in the language of `words` (the catalogue in the request's language). A line keeps the name its
 * product had when the order was placed, in French, the catalogue's own language; in French it is shown as stored. In
 * another language, a line whose stored name is still its product's French name shows that product's name in that
 * language (the same words, translated); a product renamed or removed since keeps the name it was ordered under.
 */
export function linesIn(lines: OrderLine[], words: Catalogue): OrderLine[] {
  if (words.locale === DEFAULT_LOCALE) return lines;
  const french = words.in(DEFAULT_LOCALE);
  return lines.map((line) => {
    const translated = french.byId(line.productId)?.name === line.name ? words.byId(line.productId)?.name : undefined;
    return translated === undefined ? line : { ...line, name: translated };
  });
}

/** The catalogue's words for an order's products, in `locale` and French (what linesIn compares). */
export function wordsOf(catalogue: CatalogueStore, lines: readonly OrderLine[], locale: ShopLocale): Promise<Catalogue> {
  return catalogue.productsById(lines.map((line) => line.productId), locale);
}

/**
 * What the visitor who placed it and the operators see (the owner's session id is never sent), its product names in
 * the language of `words` (linesIn).
 */
export function orderJson(order: StoredOrder, words: Catalogue): Order {
  return {
    number: order.number,
    status: order.status,
    createdAt: new Date(order.createdAt).toISOString(),
    updatedAt: new Date(order.updatedAt).toISOString(),
    paymentMethod: 'cash_on_delivery',
    lines: linesIn(order.lines, words),
    total: order.total,
    delivery: order.delivery,
  };
}

/** What tracking shows: no name or address, since the number and phone may have been passed on; product names as in orderJson. */
export function trackedOrderJson(order: StoredOrder, words: Catalogue): TrackedOrder {
  return {
    number: order.number,
    status: order.status,
    createdAt: new Date(order.createdAt).toISOString(),
    updatedAt: new Date(order.updatedAt).toISOString(),
    lines: linesIn(order.lines, words),
    total: order.total,
    city: order.delivery.city,
  };
}
