import { describe, expect, it } from 'vitest';
import { normalizeOrderNumber, ORDER_NUMBER_FORMAT } from '@shop/contracts/order-number';
import { newOrderNumber } from './order-number';

describe('newOrderNumber', () => {
  it('draws numbers in the contracts format, which read back as themselves, and does not repeat itself', () => {
    const drawn = Array.from({ length: 1000 }, newOrderNumber);
    for (const number of drawn) {
      expect(number).toMatch(ORDER_NUMBER_FORMAT);
      expect(normalizeOrderNumber(number)).toBe(number);
    }
    expect(new Set(drawn).size).toBe(drawn.length);
  });
});
