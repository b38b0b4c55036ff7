import { describe, expect, it } from 'vitest';
import { API_BODY_LIMITS, bodyTooLargeMessage, bodyTooLargeMessages, MAX_API_BODY_BYTES } from './limits';

describe('API body limits', () => {
  it('the shell refuses above the largest body any route accepts, and no lower', () => {
    expect(MAX_API_BODY_BYTES).toBe(8192);
    expect(Object.values(API_BODY_LIMITS).every((limit) => limit <= MAX_API_BODY_BYTES)).toBe(true);
  });

  it('says the limit in French', () => {
    expect(bodyTooLargeMessage(2048)).toBe('Le corps de la requête est trop volumineux (2048 octets au maximum).');
    expect(bodyTooLargeMessages['fr-MA'](2048)).toBe(bodyTooLargeMessage(2048));
  });

  it('and in Arabic', () => {
    expect(bodyTooLargeMessages['ar-MA'](2048)).toBe('محتوى الطلب كبير جدًا (الحد الأقصى 2048 بايت).');
  });
});
