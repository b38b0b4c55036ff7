/**
 * What the shop can say about a product's return, keyed by slug. This is content, not stock: a note is shown only
 * while cart-service says the product is out of stock, and a product without a note gets the generic sentence.
 */
export const restockNotes: Readonly<Record<string, string>> = {
  'henne-naturel-du-sud': 'La prochaine récolte de henné du Sud est attendue ; la date de retour n’est pas encore connue.',
};

export const genericRestockNote = 'Nous le réapprovisionnons dès que possible ; la date de retour n’est pas encore connue.';

export function restockNoteOf(slug: string): string {
  return restockNotes[slug] ?? genericRestockNote;
}
