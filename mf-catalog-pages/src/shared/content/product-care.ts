import type { Category } from '@shop/contracts/products';
import type { MessageId } from '../page-text';

/** How to use each family of products: shown in the product page's "Conseils d’utilisation". Messages, in order. */
export const usageTips: Record<Category, readonly MessageId[]> = {
  face: ['shared.care.face.apply', 'shared.care.face.test', 'shared.care.storage'],
  body: ['shared.care.body.apply', 'shared.care.body.scrubs', 'shared.care.storage'],
  hair: ['shared.care.hair.apply', 'shared.care.hair.rinse', 'shared.care.storage'],
  pack: ['shared.care.pack.each', 'shared.care.pack.order'],
};

/** Delivery and payment, the same for every product. */
export const deliveryNotes: readonly MessageId[] = [
  'shared.care.delivery.payment',
  'shared.care.delivery.confirmed',
  'shared.care.delivery.question',
];
