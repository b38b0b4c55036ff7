import { describe, expect, it } from 'vitest';
import { telHref } from './tel-href';

describe('telHref', () => {
  it('keeps the + and the digits only', () => {
    expect(telHref('+212 5 22 48 12 30')).toBe('tel:+212522481230');
    expect(telHref('05.22-48 (12) 30')).toBe('tel:0522481230');
  });
});
