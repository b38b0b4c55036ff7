import { describe, expect, it } from 'vitest';
import { promotionEndLabel } from './countdown-parts';

describe('the promotion’s end label', () => {
  it('says the wall-clock time the shop wrote, whatever the time zone database thinks of the offset', () => {
    expect(promotionEndLabel('2026-12-31T23:59:59+01:00')).toBe('31 décembre 2026 à 23:59');
    expect(promotionEndLabel('2027-03-01T08:30:00+00:00')).toBe('1 mars 2027 à 08:30');
  });
});
