import type { CartItem } from '@shop/contracts/cart';
import { catalogue } from '../test-support/test-app';

/** A cart line as the API answers it for `quantity` of a catalogue product (tests). */
export function expectedItem(productId: string, quantity: number): CartItem {
  const product = catalogue().byId(productId);
  if (!product) throw new Error(`no ${productId} in the catalogue`);
  return {
    productId,
    name: product.name,
    price: product.price,
    ...(product.oldPrice !== undefined ? { oldPrice: product.oldPrice } : {}),
    quantity,
    images: product.images as string[],
  };
}
