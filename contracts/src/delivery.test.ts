import { describe, expect, it } from 'vitest';
import { checkDelivery, deliveryMessages } from './delivery';

const valid = { fullName: 'Fatima Zahra El Idrissi', phone: '06 12 34 56 78', city: 'Casablanca', address: '27, rue Ibnou Mounir, Maârif' };

// cart-service and the checkout form both apply these rules (each has a test that it does); every case lives here.
describe('checkDelivery: characters that split or reorder what operators read', () => {
  it.each([
    ['fullName', 'Amina\nBerrada', deliveryMessages.lineBreak],
    ['fullName', 'Amina\r\nBerrada', deliveryMessages.lineBreak],
    ['fullName', 'Amina\u2028Berrada', deliveryMessages.lineBreak],
    ['fullName', 'Amina\tBerrada', deliveryMessages.invisibleChars],
    ['fullName', '\u001b[2JAmina Berrada', deliveryMessages.invisibleChars],
    ['fullName', 'Amina Berrada\u0000', deliveryMessages.invisibleChars],
    ['fullName', 'Amina \u202Eadarreb', deliveryMessages.invisibleChars],
    ['city', 'Rabat\nCasablanca', deliveryMessages.lineBreak],
    ['city', 'Rabat\rSalé', deliveryMessages.lineBreak],
    ['city', 'Rabat\u2066', deliveryMessages.invisibleChars],
    ['address', '12, rue \u001b[31mrouge, Agdal', deliveryMessages.invisibleChars],
    ['address', '12, rue de la Paix\u0000, Agdal', deliveryMessages.invisibleChars],
    ['address', '12, rue \u202Etaba\u202C, Agdal', deliveryMessages.invisibleChars],
    ['address', '12, rue de la Paix\rAgdal', deliveryMessages.invisibleChars],
    ['address', '12, rue de la Paix\u2029Agdal', deliveryMessages.invisibleChars],
    ['note', 'Sonner\u2069 deux fois', deliveryMessages.invisibleChars],
    ['note', 'Sonner\u0085deux fois', deliveryMessages.invisibleChars],
    ['note', 'Sonner\u001b[Adeux fois', deliveryMessages.invisibleChars],
  ])('refuses %s %j', (field, value, message) => {
    expect(message).toMatch(/^Ce champ /);
    expect(checkDelivery({ ...valid, [field]: value })).toEqual({ errors: { [field]: message } });
  });

  it('accepts valid details and gives them back cleaned, the phone normalised', () => {
    expect(checkDelivery({ ...valid, note: ' 3e étage ' })).toEqual({
      errors: {},
      details: { ...valid, phone: '+212612345678', note: '3e étage' },
    });
  });
});
