import { describe, expect, it } from 'vitest';
import { deliveryMessages, normalizeMoroccanPhone, validateDelivery } from './delivery-validation';

const valid = { fullName: 'Fatima Zahra El Idrissi', phone: '06 12 34 56 78', city: 'Casablanca', address: '27, rue Ibnou Mounir, Maârif' };

describe('normalizeMoroccanPhone', () => {
  it.each([
    ['0612345678', '+212612345678'],
    ['07 12 34 56 78', '+212712345678'],
    ['05.22.48.12.30', '+212522481230'],
    ['06-12-34-56-78', '+212612345678'],
    ['+212612345678', '+212612345678'],
    ['+212 6 12 34 56 78', '+212612345678'],
    ['+212 (0)6 12 34 56 78', '+212612345678'],
    ['00212 7 12 34 56 78', '+212712345678'],
  ])('accepts %s', (input, expected) => {
    expect(normalizeMoroccanPhone(input)).toBe(expected);
  });

  it.each([
    ['', 'empty'],
    ['061234567', 'one digit short'],
    ['06123456789', 'one digit long'],
    ['0812345678', 'not 05, 06 or 07'],
    ['612345678', 'no leading 0'],
    ['+33612345678', 'a French number'],
    ['+212812345678', '+212 then 8'],
    ['06 12 34 56 7a', 'a letter'],
  ])('refuses %s (%s)', (input) => {
    expect(normalizeMoroccanPhone(input)).toBeNull();
  });
});

describe('validateDelivery', () => {
  it('accepts complete details', () => {
    expect(validateDelivery(valid)).toEqual({});
  });

  it('asks for every missing field, in French', () => {
    expect(validateDelivery({ fullName: ' ', phone: '', city: '', address: '' })).toEqual({
      fullName: deliveryMessages.fullNameMissing,
      phone: deliveryMessages.phoneMissing,
      city: deliveryMessages.cityMissing,
      address: deliveryMessages.addressMissing,
    });
  });

  it('explains what is wrong with each field', () => {
    const errors = validateDelivery({ fullName: 'Al', phone: '0812345678', city: '4', address: 'rue 3' });
    expect(errors.fullName).toBe(deliveryMessages.fullNameShort);
    expect(errors.phone).toBe(deliveryMessages.phoneInvalid);
    expect(errors.city).toBe(deliveryMessages.cityInvalid);
    expect(errors.address).toBe(deliveryMessages.addressShort);
    expect(validateDelivery({ ...valid, fullName: 'R2D2' }).fullName).toBe(deliveryMessages.fullNameChars);
  });

  it('accepts accented names and compound city names', () => {
    expect(validateDelivery({ ...valid, fullName: 'Aïcha Benani-Tazi', city: 'Kelâat M’Gouna' })).toEqual({});
  });
});

describe('validateDelivery, the service’s limits', () => {
  it('refuses what the service would refuse, with its texts', () => {
    const errors = validateDelivery({ fullName: 'A'.repeat(101), phone: '0612345678', city: 'B'.repeat(61), address: 'C'.repeat(301), note: 'D'.repeat(501) });
    expect(errors).toEqual({
      fullName: 'Ce champ ne peut pas dépasser 100 caractères.',
      city: 'Ce champ ne peut pas dépasser 60 caractères.',
      address: 'Ce champ ne peut pas dépasser 300 caractères.',
      note: deliveryMessages.noteTooLong,
    });
  });

  it('accepts a note of 500 characters, or none', () => {
    expect(validateDelivery({ ...valid, note: `  ${'n'.repeat(500)}  ` })).toEqual({});
    expect(validateDelivery({ ...valid, note: '' })).toEqual({});
  });
});
