import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error';
import { deliveryMessages, validateDelivery } from './delivery-validation';

const valid = { fullName: 'Fatima Zahra El Idrissi', phone: '06 12 34 56 78', city: 'Casablanca', address: '27, rue Ibnou Mounir, Maârif' };

/** The field errors of a refused body (validateDelivery throws a 400 validation_failed with them). */
function fieldErrors(body: Record<string, unknown>): Record<string, string> {
  try {
    validateDelivery(body);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    expect(error.status).toBe(400);
    expect(error.code).toBe('validation_failed');
    return error.fields ?? {};
  }
  return {};
}

describe('validateDelivery: characters that split or reorder what operators read', () => {
  it('refuses them with the shared rules (contracts/src/delivery.test.ts has every case), as field errors', () => {
    expect(fieldErrors({ ...valid, fullName: 'Amina\nBerrada', address: '12, rue \u202Etaba\u202C, Agdal' })).toEqual({
      fullName: deliveryMessages.lineBreak,
      address: deliveryMessages.invisibleChars,
    });
  });

  it('keeps the line breaks a textarea sends in the address and the note, as LF', () => {
    const details = validateDelivery({ ...valid, address: '12, rue de la Paix\r\nAgdal, Rabat', note: 'Sonner deux fois.\r\n3e étage.\n' });
    expect(details.address).toBe('12, rue de la Paix\nAgdal, Rabat');
    expect(details.note).toBe('Sonner deux fois.\n3e étage.');
  });

  it('normalises every text field to NFC (a decomposed accent is one letter)', () => {
    const details = validateDelivery({
      fullName: 'Ai\u0308cha Benani',
      phone: '0612345678',
      city: 'Sale\u0301',
      address: '4, rue de la Re\u0301publique',
      note: 'Me\u0301decin au 2e',
    });
    expect(details).toEqual({
      fullName: 'Aïcha Benani',
      phone: '+212612345678',
      city: 'Salé',
      address: '4, rue de la République',
      note: 'Médecin au 2e',
    });
    // Lengths are counted after normalisation: 100 decomposed letters are 100 characters, not 200.
    expect(validateDelivery({ ...valid, fullName: 'e\u0301'.repeat(100) }).fullName).toBe('é'.repeat(100));
  });

  it('still accepts accented names, compound city names and no-break spaces', () => {
    expect(validateDelivery({ ...valid, fullName: 'Aïcha\u00A0Benani-Tazi', city: 'Kelâat M’Gouna' })).toMatchObject({
      fullName: 'Aïcha\u00A0Benani-Tazi',
      city: 'Kelâat M’Gouna',
    });
  });
});
