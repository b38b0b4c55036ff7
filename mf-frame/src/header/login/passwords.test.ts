import { describe, expect, it } from 'vitest';
import { passwordsDiffer } from './passwords';

describe('passwordsDiffer', () => {
  it('accepts the same password', () => {
    expect(passwordsDiffer('Argan-2024', 'Argan-2024')).toBe(false);
  });

  it('refuses a different one', () => {
    expect(passwordsDiffer('Argan-2024', 'argan-2024')).toBe(true);
    expect(passwordsDiffer('', 'x')).toBe(true);
  });

  it('leaves an empty confirmation to the required check', () => {
    expect(passwordsDiffer('Argan-2024', '')).toBe(false);
  });
});
