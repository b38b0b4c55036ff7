import { describe, expect, it } from 'vitest';
import { mapAtMost } from './at-most-at-once';

describe('mapAtMost', () => {
  it('keeps the items’ order, and never has more than its bound in flight', async () => {
    let running = 0;
    let most = 0;
    const results = await mapAtMost([30, 5, 20, 1, 10, 2, 15], 3, async (ms) => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, ms));
      running--;
      return ms * 2;
    });
    expect(results).toEqual([60, 10, 40, 2, 20, 4, 30]);
    expect(most).toBe(3);
  });

  it('does nothing for no items', async () => {
    expect(await mapAtMost([], 4, () => Promise.reject(new Error('never')))).toEqual([]);
  });
});
