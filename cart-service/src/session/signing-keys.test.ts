import { describe, expect, it } from 'vitest';
import { SigningKeys } from './signing-keys';

const A = 'a-session-key-of-at-least-32-characters!!';
const B = 'b-session-key-of-at-least-32-characters!!';

describe('SigningKeys', () => {
  it('signs with HMAC-SHA256 (base64url) and verifies', () => {
    const keys = new SigningKeys([A]);
    const signature = keys.sign('shop.sid=abc');
    expect(signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(keys.verify('shop.sid=abc', signature)).toBe(true);
    expect(keys.index('shop.sid=abc', signature)).toBe(0);
  });

  it('refuses other data, other keys, altered or malformed signatures', () => {
    const keys = new SigningKeys([A]);
    const signature = keys.sign('shop.sid=abc');
    expect(keys.index('shop.sid=abd', signature)).toBe(-1);
    expect(new SigningKeys([B]).index('shop.sid=abc', signature)).toBe(-1);
    const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
    expect(keys.index('shop.sid=abc', flipped)).toBe(-1);
    for (const bad of ['', `${signature}=`, `${signature}A`, signature.slice(1), 'x'.repeat(500)]) {
      expect(keys.index('shop.sid=abc', bad)).toBe(-1);
    }
  });

  it('supports rotation: the first key signs, older keys still verify', () => {
    const old = new SigningKeys([A]).sign('shop.sid=abc');
    const rotated = new SigningKeys([B, A]);
    expect(rotated.index('shop.sid=abc', old)).toBe(1);
    expect(rotated.index('shop.sid=abc', rotated.sign('shop.sid=abc'))).toBe(0);
  });

  it('gives the same answers once memoised, for many values', () => {
    const keys = new SigningKeys([A]);
    const values = Array.from({ length: 25_000 }, (_, i) => `shop.sid=${i}`);
    const signatures = values.map((v) => keys.sign(v));
    values.forEach((v, i) => expect(keys.index(v, signatures[i]!)).toBe(0));
    expect(keys.index(values[0]!, signatures[1]!)).toBe(-1);
  });

});
