// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { isSticky, useSticky } from './use-sticky';

afterEach(cleanup);

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

describe('sticky threshold', () => {
  it('is sticky only past 10 px', () => {
    expect(isSticky(0)).toBe(false);
    expect(isSticky(10)).toBe(false);
    expect(isSticky(10.5)).toBe(true);
    expect(isSticky(11)).toBe(true);
  });

  it('follows the scroll position both ways', () => {
    scrollTo(0);
    const { result } = renderHook(() => useSticky());
    expect(result.current).toBe(false);
    act(() => scrollTo(11));
    expect(result.current).toBe(true);
    act(() => scrollTo(10));
    expect(result.current).toBe(false);
  });
});
