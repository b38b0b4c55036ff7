import { describe, expect, it } from 'vitest';
import { arrowStep } from './tab-keys';

describe('arrowStep', () => {
  it('moves right to the next tab left to right', () => {
    expect(arrowStep('ArrowRight', 'ltr')).toBe(1);
    expect(arrowStep('ArrowLeft', 'ltr')).toBe(-1);
  });

  it('moves left to the next tab right to left', () => {
    expect(arrowStep('ArrowLeft', 'rtl')).toBe(1);
    expect(arrowStep('ArrowRight', 'rtl')).toBe(-1);
  });

  it('ignores other keys', () => {
    expect(arrowStep('ArrowDown', 'ltr')).toBe(0);
    expect(arrowStep('Home', 'rtl')).toBe(0);
  });
});
