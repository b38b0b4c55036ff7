import { createHmac, timingSafeEqual } from 'node:crypto';

const MEMO_LIMIT = 20_000;

/**
 * Signs and verifies the session cookie (drop-in for Keygrip, which `cookies` accepts as `app.keys`): HMAC-SHA256,
 * base64url. The first key signs, every key verifies (rotation: put the new key first, remove the old one after 30
 * days). Two changes from Keygrip, both for speed on every request: the comparison is one `timingSafeEqual` instead
 * of tsscmp's two extra HMACs, and signatures of recently seen cookie values are memoised (bounded), so a returning
 * visitor costs a map lookup plus a constant-time compare instead of an HMAC. The memo only caches what `sign` would
 * compute; a forged cookie still fails the constant-time comparison.
 */
export class SigningKeys {
  private readonly keys: readonly string[];
  private readonly memo: Array<Map<string, Buffer>>;

  constructor(keys: readonly string[]) {
    if (keys.length === 0) throw new Error('At least one session key is required.');
    this.keys = [...keys];
    this.memo = this.keys.map(() => new Map<string, Buffer>());
  }

  sign(data: string): string {
    return this.signature(0, data).toString('latin1');
  }

  verify(data: string, signature: string): boolean {
    return this.index(data, signature) !== -1;
  }

  /** The index of the key that produced `signature`, or -1. */
  index(data: string, signature: string): number {
    if (typeof signature !== 'string' || signature.length === 0 || signature.length > 100) return -1;
    const given = Buffer.from(signature, 'latin1');
    for (let i = 0; i < this.keys.length; i += 1) {
      const expected = this.signature(i, data);
      if (given.length === expected.length && timingSafeEqual(given, expected)) return i;
    }
    return -1;
  }

  /** The base64url signature as ASCII bytes, compared as a whole string (no lenient base64 decoding). */
  private signature(keyIndex: number, data: string): Buffer {
    const memo = this.memo[keyIndex]!;
    const known = memo.get(data);
    if (known) return known;
    const signature = Buffer.from(createHmac('sha256', this.keys[keyIndex]!).update(data).digest('base64url'), 'latin1');
    if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value as string);
    memo.set(data, signature);
    return signature;
  }
}
