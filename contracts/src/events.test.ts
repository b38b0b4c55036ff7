import { describe, expect, it } from 'vitest';
import { announceCartChanged, CART_CHANGED_EVENT, onCartChanged, WISHLIST_CHANGED_EVENT, WISHLIST_STORAGE_KEY } from './events';

describe('cross-remote events', () => {
  it('keeps the names the released remotes already use', () => {
    expect([CART_CHANGED_EVENT, WISHLIST_CHANGED_EVENT, WISHLIST_STORAGE_KEY]).toEqual(['cart:changed', 'wishlist:changed', 'shop.wishlist']);
  });

  it('delivers an announced cart change to a listener until it unsubscribes', () => {
    const target = new EventTarget();
    let calls = 0;
    const stop = onCartChanged(() => (calls += 1), target);
    announceCartChanged(target);
    announceCartChanged(target);
    stop();
    announceCartChanged(target);
    expect(calls).toBe(2);
  });
});
