import { describe, expect, it } from 'vitest';
import { checkDelivery, cleanText, deliveryMessages, deliveryMessagesIn, normalizeMoroccanPhone, unsafeCharsMessage, withoutMoroccanPhones, type DeliveryErrors } from './delivery';

const valid = { fullName: 'Fatima Zahra El Idrissi', phone: '06 12 34 56 78', city: 'Casablanca', address: '27, rue Ibnou Mounir, Maârif' };

/** The French message per invalid field, as the checkout form shows them. */
const validateDelivery = (values: Parameters<typeof checkDelivery>[0]): DeliveryErrors => checkDelivery(values).errors;

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

describe('validateDelivery: characters that split or reorder what operators read', () => {
  it('refuses them in the fields where they are found, all at once', () => {
    expect(validateDelivery({ ...valid, fullName: 'Amina\nBerrada', address: '12, rue \u202Etaba\u202C, Agdal' })).toEqual({
      fullName: deliveryMessages.lineBreak,
      address: deliveryMessages.invisibleChars,
    });
  });

  it('accepts the line breaks a textarea sends in the address and the note', () => {
    expect(validateDelivery({ ...valid, address: '12, rue de la Paix\r\nAgdal, Rabat', note: 'Sonner deux fois.\r\n3e étage.\n' })).toEqual({});
    expect(cleanText('12, rue de la Paix\r\nAgdal\r\n', true)).toBe('12, rue de la Paix\nAgdal');
  });

  it('normalises every text field to NFC before checking it (a decomposed accent is one letter)', () => {
    const decomposed = { fullName: 'Ai\u0308cha Benani', phone: '0612345678', city: 'Sale\u0301', address: '4, rue de la Re\u0301publique', note: 'Me\u0301decin' };
    expect(validateDelivery(decomposed)).toEqual({});
    expect(cleanText('Ai\u0308cha')).toBe('Aïcha');
    // Lengths are counted after normalisation: 100 decomposed letters are 100 characters, not 200.
    expect(validateDelivery({ ...valid, fullName: 'e\u0301'.repeat(100) })).toEqual({});
  });

  it('still accepts accented names, compound city names and no-break spaces', () => {
    expect(validateDelivery({ ...valid, fullName: 'Aïcha\u00A0Benani-Tazi', city: 'Kelâat M’Gouna' })).toEqual({});
  });
});

describe('withoutMoroccanPhones', () => {
  it.each([
    ['/api/orders?phone=0612345678&x=1', '/api/orders?phone=•&x=1'],
    ['appelez le 07 12 34 56 78 svp', 'appelez le • svp'],
    ['+212 (0)6 12 34 56 78', '•'],
    ['tel:+212612345678', 'tel:•'],
    ['00212 7 12 34 56 78, 05.22.48.12.30', '•, •'],
    ['"0612345678"', '"•"'],
  ])('hides the number in %s', (input, expected) => {
    expect(withoutMoroccanPhones(input, '•')).toBe(expected);
  });

  it.each([
    ['Chrome/156.0.7000.12 Safari/537.36', 'a browser version'],
    ['order BM-20261127-0612345678X', 'digits glued to letters'],
    ['1732712345678', 'a timestamp'],
    ['0812345678', 'not 05, 06 or 07'],
    ['/shop/face?page=2', 'no number at all'],
  ])('leaves %s alone (%s)', (input) => {
    expect(withoutMoroccanPhones(input, '•')).toBe(input);
  });
});

describe('checkDelivery in Arabic', () => {
  const arabic = deliveryMessagesIn['ar-MA'];

  it('finds the same problems, each said in Arabic', () => {
    const french = checkDelivery({ fullName: 'A\nB', phone: '0812345678', city: '', address: 'court', note: 7 });
    const inArabic = checkDelivery({ fullName: 'A\nB', phone: '0812345678', city: '', address: 'court', note: 7 }, 'ar-MA');
    expect(Object.keys(inArabic.errors)).toEqual(Object.keys(french.errors));
    expect(inArabic.errors).toEqual({
      fullName: arabic.lineBreak,
      phone: arabic.phoneInvalid,
      city: arabic.cityMissing,
      address: arabic.addressShort,
      note: arabic.noteTooLong,
    });
    expect(checkDelivery({ ...valid, address: 'x'.repeat(301) }, 'ar-MA').errors).toEqual({ address: arabic.tooLong(300) });
  });

  it('keeps the details the same whatever the language', () => {
    expect(checkDelivery(valid, 'ar-MA')).toEqual(checkDelivery(valid));
  });

  it('has every French text in Arabic, in Arabic script, French staying the default', () => {
    expect(deliveryMessagesIn['fr-MA']).toBe(deliveryMessages);
    expect(Object.keys(arabic).sort()).toEqual(Object.keys(deliveryMessages).sort());
    for (const [key, text] of Object.entries(arabic)) {
      const value = typeof text === 'function' ? text(100) : text;
      expect(value, key).toMatch(/\p{Script=Arabic}/u);
      expect(value, key).not.toMatch(/[à-ÿ]|\b(?:le|la|les|des|votre)\b/iu);
    }
    expect(unsafeCharsMessage('a\u202Eb', false, 'ar-MA')).toBe(arabic.invisibleChars);
  });
});
