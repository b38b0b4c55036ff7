import { describe, expect, it } from 'vitest';
import { confirmationError, PASSWORDS_DIFFER } from './passwords';

describe('confirmationError', () => {
  it('accepts the same password', () => {
    expect(confirmationError('Argan-2024', 'Argan-2024')).toBe('');
  });

  it('refuses a different one, in French', () => {
    expect(confirmationError('Argan-2024', 'argan-2024')).toBe(PASSWORDS_DIFFER);
    expect(confirmationError('', 'x')).toBe(PASSWORDS_DIFFER);
  });

  it('leaves an empty confirmation to the required check', () => {
    expect(confirmationError('Argan-2024', '')).toBe('');
  });
});
