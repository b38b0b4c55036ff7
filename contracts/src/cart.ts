import { DEFAULT_LOCALE, type ShopLocale } from './locales';

/** A cart line as cart-service answers it. Name, prices and images come from the catalogue, never from a client. */
export interface CartItem {
  productId: string;
  name: string;
  /** Unit price in MAD. */
  price: number;
  /** Previous unit price in MAD, shown struck through. */
  oldPrice?: number;
  quantity: number;
  /** Image paths relative to the API host, e.g. `/images/products/creme-hydratante.svg`. */
  images: string[];
}

export interface CartResponse {
  cart: CartItem[];
}

export interface AddToCartBody {
  productId: string;
  /** Defaults to 1. Added to an existing line. */
  quantity?: number;
}

export interface UpdateCartBody {
  productId: string;
  /** New absolute quantity, an integer within QUANTITY_LIMITS. */
  quantity: number;
}

export interface RemoveFromCartBody {
  productId: string;
}

/**
 * Quantities of a cart line: the spec sets a minimum of 1 and no maximum; the shop caps a line at 99 so a typo or a
 * script cannot put 1e9 items in a cart. cart-service refuses outside them (400); the quantity pickers stop at them.
 */
export const QUANTITY_LIMITS = { min: 1, max: 99 } as const;
export type QuantityLimits = typeof QUANTITY_LIMITS;

/** A typed or stepped quantity brought into `min..max` (rounded; anything not a number is the minimum). */
export function clampQuantity(value: number, max: number = QUANTITY_LIMITS.max): number {
  if (!Number.isFinite(value)) return QUANTITY_LIMITS.min;
  return Math.min(max, Math.max(QUANTITY_LIMITS.min, Math.round(value)));
}

/** The cart's badge shows the number of distinct lines, not the number of units. */
export const cartLineCount = (items: readonly CartItem[]): number => items.length;

/**
 * The cart's SWR cache key, also its URL: mf-cart's lines and badge and the checkout page read one cached cart through
 * it, so a change revalidated by one shows in the other.
 */
export const cartKey = (apiBase = ''): string => `${apiBase}/api/cart`;

interface CartNotices {
  added: (name: string, quantity?: number) => string;
  quantityUpdated: string;
  itemRemoved: string;
}

/**
 * What a shopper reads after a change to the cart (the spec's toasts), with JavaScript or without (the page's notice),
 * in each shop language (decision 036): the French ones are the spec's, exactly.
 */
const NOTICES: Readonly<Record<ShopLocale, CartNotices>> = {
  'fr-MA': {
    added: (name, quantity = 1) => (quantity > 1 ? `${name} (× ${quantity}) a été ajouté au panier.` : `${name} a été ajouté au panier.`),
    quantityUpdated: 'Quantity updated!',
    itemRemoved: 'Item removed successfully',
  },
  'ar-MA': {
    added: (name, quantity = 1) => (quantity > 1 ? `تمت إضافة ${name} (× ${quantity}) إلى السلة.` : `تمت إضافة ${name} إلى السلة.`),
    quantityUpdated: 'تم تحديث الكمية!',
    itemRemoved: 'تمت إزالة المنتج بنجاح',
  },
};

export const cartNotices = (locale: ShopLocale): CartNotices => NOTICES[locale];

/** The French notices (the spec's). */
export const CART_NOTICES = NOTICES[DEFAULT_LOCALE];
