import { describe, expect, it } from 'vitest';
import { deliveryMessages } from '@shop/contracts/delivery';
import { ApiError, messages } from '../http/api-error';
import { validateBody } from '../http/validate-body';
import { orderBodies } from './order-bodies';

/** What POST /api/orders does with its body. */
const validateDelivery = (body: unknown) => validateBody(orderBodies.delivery, body);

const valid = { fullName: 'Fatima Zahra El Idrissi', phone: '06 12 34 56 78', city: 'Casablanca', address: '27, rue Ibnou Mounir, Maârif' };

/** The field errors of a refused body (validateDelivery throws a 400 validation_failed with them). */
function fieldErrors(body: Record<string, unknown>): Record<string, string> {
  try {
    validateDelivery(body);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    expect(error.status).toBe(400);
    expect(error.code).toBe('validation_failed');
    return (error.extra as { fields?: Record<string, string> }).fields ?? {};
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

/** The refusal a body gets: status, code, message and field errors. */
function refusal(validate: () => unknown) {
  try {
    validate();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { status: error.status, code: error.code, message: error.message, fields: (error.extra as { fields?: Record<string, string> }).fields };
  }
  throw new Error('the body was accepted');
}

describe('order bodies: what is not a form field', () => {
  it('refuses a body that is not an object, and keys the form does not have (even __proto__)', () => {
    for (const body of [null, [], 'fullName', 3]) {
      expect(refusal(() => validateDelivery(body))).toEqual({ status: 400, code: 'validation_failed', message: messages.expectedObject, fields: undefined });
    }
    for (const extra of ['{"total":1}', '{"__proto__":{"total":1}}', '{"constructor":1}']) {
      const body = { ...valid, ...(JSON.parse(extra) as object) };
      expect(refusal(() => validateDelivery(body)).message).toBe(messages.unknownField);
      expect(refusal(() => validateBody(orderBodies.tracking, { number: 'K7M2-Q9XP', phone: '0612345678', ...(JSON.parse(extra) as object) })).message).toBe(
        messages.unknownField,
      );
    }
    // An unknown key wins over invalid fields, as it always has.
    expect(refusal(() => validateDelivery({ fullName: '', price: 1 })).message).toBe(messages.unknownField);
  });

  it('answers a form’s invalid fields together, with the summary and the contracts’ messages', () => {
    expect(refusal(() => validateBody(orderBodies.tracking, { number: 'K7M0-Q9XP' }))).toEqual({
      status: 400,
      code: 'validation_failed',
      message: deliveryMessages.summary,
      fields: { number: deliveryMessages.numberInvalid, phone: deliveryMessages.phoneMissing },
    });
    expect(validateBody(orderBodies.tracking, { number: ' k7m2 q9xp ', phone: '06 12 34 56 78' })).toEqual({ number: 'K7M2-Q9XP', phone: '+212612345678' });
  });

  it('refuses an operator’s status change that is not exactly one known status, saying which statuses exist', () => {
    const status = (body: unknown) => validateBody(orderBodies.status, body, orderBodies.statusRefusals);
    expect(status({ status: 'expédiée' })).toEqual({ status: 'expédiée' });
    for (const body of [null, [], 'expédiée', {}, { status: 'perdue' }, { status: 3 }, { status: 'livrée', note: 'x' }, JSON.parse('{"status":"livrée","__proto__":{}}')]) {
      expect(refusal(() => status(body))).toEqual({ status: 400, code: 'validation_failed', message: messages.statusInvalid, fields: undefined });
    }
  });
});
