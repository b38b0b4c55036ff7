import { describe, expect, it, vi } from 'vitest';
import { parseWishlist, readWishlist, toggleId, WISHLIST_CHANGED, WISHLIST_KEY, writeWishlist } from './wishlist-storage';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
}

describe('wishlist storage', () => {
  it('uses the contract key shop.wishlist', () => {
    expect(WISHLIST_KEY).toBe('shop.wishlist');
  });

  it('reads a stored list of ids', () => {
    const storage = memoryStorage({ 'shop.wishlist': '["sv-001","sc-002"]' });
    expect(readWishlist(storage)).toEqual(['sv-001', 'sc-002']);
  });

  it('treats missing, malformed or foreign values as empty and drops duplicates and non-strings', () => {
    expect(parseWishlist(null)).toEqual([]);
    expect(parseWishlist('not json')).toEqual([]);
    expect(parseWishlist('{"a":1}')).toEqual([]);
    expect(parseWishlist('["sv-001", 3, null, "", "sv-001"]')).toEqual(['sv-001']);
  });

  it('survives a storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readWishlist(broken)).toEqual([]);
    expect(writeWishlist(broken, ['sv-001'], null)).toBe(false);
  });

  it('toggles: adds at the front, removes when present', () => {
    expect(toggleId(['a'], 'b')).toEqual(['b', 'a']);
    expect(toggleId(['b', 'a'], 'b')).toEqual(['a']);
  });

  it('writes JSON under the key and announces wishlist:changed', () => {
    const storage = memoryStorage();
    const target = new EventTarget();
    const listener = vi.fn();
    target.addEventListener(WISHLIST_CHANGED, listener);
    expect(writeWishlist(storage, ['sv-001', 'pk-002'], target)).toBe(true);
    expect(storage.data.get('shop.wishlist')).toBe('["sv-001","pk-002"]');
    expect(readWishlist(storage)).toEqual(['sv-001', 'pk-002']);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
