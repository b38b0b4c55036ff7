import { describe, expect, it } from 'vitest';
import { deliveryMessagesIn } from './delivery';
import { checkTracking, trackingMessages, trackingMessagesIn } from './tracking';

// cart-service's POST /api/orders/track and the tracking form both apply these rules; every case lives here.
describe('checkTracking', () => {
  it('accepts a number and a phone as typed, and gives them back normalised', () => {
    expect(checkTracking({ number: ' k7m2 q9xp ', phone: '06 12 34 56 78' })).toEqual({
      errors: {},
      value: { number: 'K7M2-Q9XP', phone: '+212612345678' },
    });
    expect(checkTracking({ number: 'K7M2Q9XP', phone: '+212 5 22 12 34 56' }).value).toEqual({ number: 'K7M2-Q9XP', phone: '+212522123456' });
  });

  it.each([
    ['nothing', {}, { number: trackingMessages.numberMissing, phone: trackingMessages.phoneMissing }],
    ['blanks', { number: '  ', phone: '\t' }, { number: trackingMessages.numberMissing, phone: trackingMessages.phoneMissing }],
    ['values that are not text', { number: 12345678, phone: ['0612345678'] }, { number: trackingMessages.numberMissing, phone: trackingMessages.phoneMissing }],
    ['a number with a 0 (not in the alphabet)', { number: 'K7M0-Q9XP', phone: '0612345678' }, { number: trackingMessages.numberInvalid }],
    ['a number one character short', { number: 'K7M2-Q9X', phone: '0612345678' }, { number: trackingMessages.numberInvalid }],
    ['a phone that is not Moroccan', { number: 'K7M2-Q9XP', phone: '0812345678' }, { phone: trackingMessages.phoneInvalid }],
    ['a phone one digit short', { number: 'K7M2-Q9XP', phone: '061234567' }, { phone: trackingMessages.phoneInvalid }],
    ['both wrong', { number: 'ABC', phone: '12' }, { number: trackingMessages.numberInvalid, phone: trackingMessages.phoneInvalid }],
  ])('refuses %s, with the French message per field and no value', (_, raw, errors) => {
    expect(checkTracking(raw)).toEqual({ errors });
  });

  it('says it in French', () => {
    expect(trackingMessages.numberInvalid).toBe('Numéro de commande invalide : 8 caractères, par exemple K7M2-Q9XP.');
    expect(trackingMessages.numberMissing).toBe('Indiquez votre numéro de commande.');
  });
});

describe('checkTracking in Arabic', () => {
  it('says it in Arabic, with the delivery form\'s texts', () => {
    expect(checkTracking({ number: 'ABC', phone: '' }, 'ar-MA')).toEqual({
      errors: { number: trackingMessagesIn['ar-MA'].numberInvalid, phone: trackingMessagesIn['ar-MA'].phoneMissing },
    });
    expect(trackingMessagesIn['ar-MA'].phoneInvalid).toBe(deliveryMessagesIn['ar-MA'].phoneInvalid);
    expect(checkTracking({ number: 'k7m2q9xp', phone: '0612345678' }, 'ar-MA').value).toEqual({ number: 'K7M2-Q9XP', phone: '+212612345678' });
  });
});
