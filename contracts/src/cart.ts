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
  /** New absolute quantity, an integer from MIN_QUANTITY to MAX_QUANTITY. */
  quantity: number;
}

export interface RemoveFromCartBody {
  productId: string;
}

/** Limits the service enforces; the spec sets a minimum of 1 and no maximum, a shop needs one (docs/decisions). */
export type QuantityLimits = { min: 1; max: 99 };
