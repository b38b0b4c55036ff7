import { describe, expect, it } from 'vitest';
import { normalizeOrderNumber } from './order-number';

describe('normalizeOrderNumber', () => {
  it.each(['K7M2-Q9XP', 'k7m2-q9xp', 'K7M2Q9XP', ' k7m2 q9xp '])('reads %s as K7M2-Q9XP', (input) => {
    expect(normalizeOrderNumber(input)).toBe('K7M2-Q9XP');
  });

  it.each(['', 'K7M2-Q9X', 'K7M2-Q9XPP', 'K7M0-Q9XP', 'K7M2-Q9XI', 'K7M2-Q9XL', 'K7M2_Q9XP'])('refuses %j', (input) => {
    expect(normalizeOrderNumber(input)).toBeNull();
  });
});
