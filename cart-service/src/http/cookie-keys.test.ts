import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cookieKeys } from './cookie-keys';

/** Keygrip's own signature: HMAC-SHA1, base64 with `/+=` made URL-safe; cookies issued before must stay valid. */
const keygripSign = (data: string, key: string) =>
  createHmac('sha1', key)
    .update(data)
    .digest('base64')
    .replace(/\/|\+|=/g, (x) => ({ '/': '_', '+': '-', '=': '' })[x]!);

describe('cookieKeys', () => {
  const keys = ['new-key-0123456789-abcdefghijklmnopqrstu', 'old-key-0123456789-abcdefghijklmnopqrstu'];
  const signer = cookieKeys(keys);

  it('signs exactly as Keygrip does, with the first key', () => {
    for (const data of ['shop.sid=abc', 'shop.sid=sdDwuNnXszaOBXlaNvrObo3EtHdRO-v5', '']) {
      expect(signer.sign(data)).toBe(keygripSign(data, keys[0]!));
    }
  });

  it('verifies with any key and tells which one (rotation); refuses anything else', () => {
    const data = 'shop.sid=sdDwuNnXszaOBXlaNvrObo3EtHdRO-v5';
    expect(signer.index(data, keygripSign(data, keys[0]!))).toBe(0);
    expect(signer.index(data, keygripSign(data, keys[1]!))).toBe(1);
    expect(signer.verify(data, keygripSign(data, 'another-key-0123456789-abcdefghijklmnop'))).toBe(false);
    expect(signer.verify(data, keygripSign(`${data}x`, keys[0]!))).toBe(false);
    expect(signer.verify(data, '')).toBe(false);
    expect(signer.verify(data, 'é'.repeat(27))).toBe(false);
  });
});
