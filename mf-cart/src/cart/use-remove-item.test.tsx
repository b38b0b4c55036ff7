// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRemoveItem } from './use-remove-item';

vi.mock('@shop/contracts/toast', () => ({ showToast: vi.fn() }));

describe('useRemoveItem', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the cart again after a lost answer (504), since the line may have been removed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        new Response(JSON.stringify({ error: { code: 'upstream_timeout', message: 'La boutique n’a pas répondu à temps.' } }), {
          status: 504,
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    );
    const reload = vi.fn(async () => undefined);
    const { result } = renderHook(() => useRemoveItem('', reload));
    await act(() => result.current.remove('sv-001'));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(result.current.removing.size).toBe(0);
  });
});
