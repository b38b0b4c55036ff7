import { describe, expect, it } from 'vitest';
import { countdownMessage, countdownParts, promotionEndLabel } from './countdown-parts';

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
  it('gives the message of the time left, two digits for hours, minutes and seconds, the days only when there are some', () => {
    expect(countdownMessage({ days: 2, hours: 3, minutes: 4, seconds: 5 })).toEqual({
      id: 'countdown.withDays',
      values: { days: 2, hours: '03', minutes: '04', seconds: '05' },
    });
    expect(countdownMessage({ days: 0, hours: 0, minutes: 9, seconds: 0 })).toEqual({
      id: 'countdown.noDays',
      values: { hours: '00', minutes: '09', seconds: '00' },
    });
  });
});

describe('the promotion’s end label', () => {
  it('says the wall-clock time the shop wrote, whatever the time zone database thinks of the offset', () => {
    expect(promotionEndLabel('2026-12-31T23:59:59+01:00')).toBe('31 décembre 2026 à 23:59');
    expect(promotionEndLabel('2027-03-01T08:30:00+00:00')).toBe('1 mars 2027 à 08:30');
  });
  it('in Arabic: Moroccan month names, Western digits, a 24-hour clock and no direction marks', () => {
    expect(promotionEndLabel('2026-12-31T23:59:59+01:00', 'ar-MA')).toBe('31 دجنبر 2026 في 23:59');
  });
});
