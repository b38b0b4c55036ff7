// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShopLocale } from '@shop/contracts/locales';
import { showToast } from '@shop/contracts/toast';
import { cartWords, Messages } from '../messages/messages';
import { useRemoveItem } from './use-remove-item';

vi.mock('@shop/contracts/toast', () => ({ showToast: vi.fn() }));

/** The hook inside mf_cart's messages in a language, as its exposed modules render it, once they have loaded. */
async function renderInLanguage<T>(hook: () => T, locale: ShopLocale) {
  // Awaited: React's test scope then lets the part render once its language's messages have come.
  const rendered = await act(async () => renderHook(hook, { wrapper: inLanguage(locale) }));
  await waitFor(() => expect(rendered.result.current).not.toBeNull());
  return rendered;
}

const inLanguage = (locale: ShopLocale) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <Suspense fallback={null}>
        <Messages locale={locale} groups={[cartWords]}>{children}</Messages>
      </Suspense>
    );
  };

const lostAnswer = () =>
  vi.fn(async () =>
    new Response(JSON.stringify({ error: { code: 'upstream_timeout', message: 'La boutique n’a pas répondu à temps.' } }), {
      status: 504,
      headers: { 'Content-Type': 'application/json' },
    }),
  );

describe('useRemoveItem', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(showToast).mockClear();
  });

  it('reads the cart again after a lost answer (504), since the line may have been removed', async () => {
    vi.stubGlobal('fetch', lostAnswer());
    const reload = vi.fn(async () => undefined);
    const { result } = await renderInLanguage(() => useRemoveItem('', reload), 'fr-MA');
    await act(() => result.current.remove('sv-001'));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(result.current.removing.size).toBe(0);
    expect(showToast).toHaveBeenCalledWith('error', 'Failed to remove item: Failed to remove item.');
  });

  it('says it in Arabic on an Arabic page', async () => {
    vi.stubGlobal('fetch', lostAnswer());
    const { result } = await renderInLanguage(() => useRemoveItem('', async () => undefined), 'ar-MA');
    await act(() => result.current.remove('sv-001'));
    expect(showToast).toHaveBeenCalledWith('error', 'تعذّرت إزالة المنتج: تعذّرت إزالة المنتج.');
  });
});
