import { describe, expect, it } from 'vitest';
import { formatOrderNumber, normalizeOrderNumber, ORDER_NUMBER_ALPHABET, ORDER_NUMBER_FORMAT, ORDER_NUMBER_LENGTH } from './order-number';

describe('order-number format', () => {
  it('has no look-alike characters (0/O, 1/I/L) and no character twice', () => {
    expect(ORDER_NUMBER_ALPHABET).not.toMatch(/[01OIL]/);
    expect(new Set(ORDER_NUMBER_ALPHABET).size).toBe(ORDER_NUMBER_ALPHABET.length);
    expect(ORDER_NUMBER_ALPHABET).toHaveLength(31);
    expect(ORDER_NUMBER_LENGTH).toBe(8);
  });

  it('shows a number as two groups of 4, which the format regex accepts', () => {
    expect(formatOrderNumber('K7M2Q9XP')).toBe('K7M2-Q9XP');
    expect(ORDER_NUMBER_FORMAT.test('K7M2-Q9XP')).toBe(true);
    expect(ORDER_NUMBER_FORMAT.test(formatOrderNumber(ORDER_NUMBER_ALPHABET.slice(0, 8)))).toBe(true);
  });

  it.each(['K7M2Q9XP', 'k7m2-q9xp', 'K7M2-Q9X', 'K7M0-Q9XP', 'K7M2-Q9XPP', ' K7M2-Q9XP', 'K7M2_Q9XP'])('the format regex refuses %j', (text) => {
    expect(ORDER_NUMBER_FORMAT.test(text)).toBe(false);
  });
});

describe('normalizeOrderNumber', () => {
  it.each(['K7M2-Q9XP', 'k7m2-q9xp', 'K7M2Q9XP', ' k7m2 q9xp '])('reads %s as K7M2-Q9XP', (input) => {
    expect(normalizeOrderNumber(input)).toBe('K7M2-Q9XP');
  });

  it.each(['', 'K7M2-Q9X', 'K7M2-Q9XPP', 'K7M0-Q9XP', 'K7M2-Q9XI', 'K7M2-Q9XL', 'K7M2_Q9XP'])('refuses %j', (input) => {
    expect(normalizeOrderNumber(input)).toBeNull();
  });

  it('answers what the format regex accepts, for every character of the alphabet', () => {
    for (const char of ORDER_NUMBER_ALPHABET) {
      const number = normalizeOrderNumber(char.toLowerCase().repeat(ORDER_NUMBER_LENGTH));
      expect(number).toMatch(ORDER_NUMBER_FORMAT);
    }
  });
});
