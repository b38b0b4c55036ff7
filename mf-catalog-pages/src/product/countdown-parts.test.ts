import { describe, expect, it } from 'vitest';
import { countdownParts, formatCountdown, promotionEndLabel } from './countdown-parts';

describe('countdownParts', () => {
  const end = Date.parse('2026-12-31T23:59:59+01:00');
  it('splits the time left into days, hours, minutes and seconds', () => {
    const now = end - (2 * 86_400 + 3 * 3600 + 4 * 60 + 5) * 1000;
    expect(countdownParts(now, end)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
  });
  it('is null once the end has passed', () => {
    expect(countdownParts(end, end)).toBeNull();
    expect(countdownParts(end + 1000, end)).toBeNull();
  });
  it('formats in French', () => {
    expect(formatCountdown({ days: 2, hours: 3, minutes: 4, seconds: 5 })).toBe('2 j 03 h 04 min 05 s');
    expect(formatCountdown({ days: 0, hours: 0, minutes: 9, seconds: 0 })).toBe('00 h 09 min 00 s');
  });
});

describe('the promotion’s end label', () => {
  it('says the wall-clock time the shop wrote, whatever the time zone database thinks of the offset', () => {
    expect(promotionEndLabel('2026-12-31T23:59:59+01:00')).toBe('31 décembre 2026 à 23:59');
    expect(promotionEndLabel('2027-03-01T08:30:00+00:00')).toBe('1 mars 2027 à 08:30');
  });
});
