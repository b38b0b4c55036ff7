import type { MessageId } from '../page-text';

/**
 * What the shop can say about a product's return, keyed by slug. This is content, not stock: a note is shown only
 * while cart-service says the product is out of stock, and a product without a note gets the generic sentence.
 */
export const restockNotes: Readonly<Record<string, MessageId>> = {
  'henne-naturel-du-sud': 'shared.restock.henne-naturel-du-sud',
};

export const genericRestockNote: MessageId = 'shared.restock.generic';

export function restockNoteOf(slug: string): MessageId {
  return Object.hasOwn(restockNotes, slug) ? restockNotes[slug]! : genericRestockNote;
}
