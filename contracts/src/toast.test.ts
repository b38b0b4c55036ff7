import { describe, expect, it } from 'vitest';
import { showIn, type ToastApi } from './toast';

/** react-toastify's toasts as the page would show them: one per id. */
function page() {
  const shown = new Map<string, { text: string; type: string }>();
  const show = (type: string) => (text: unknown, options?: { toastId?: string | number }) => {
    shown.set(String(options?.toastId), { text: String(text), type });
    return options?.toastId ?? '';
  };
  const api = {
    success: show('success'),
    error: show('error'),
    isActive: (id: string | number) => shown.has(String(id)),
    update: (id: string | number, options: { render?: unknown; type?: unknown }) => void shown.set(String(id), { text: String(options.render), type: String(options.type) }),
  } as unknown as ToastApi;
  return { api, shown };
}

describe('a toast shown', () => {
  it('replaces the toast still shown with its id instead of stacking under it', () => {
    const { api, shown } = page();
    showIn(api, 'success', 'Crème a été ajouté au panier.', { toastId: 'cart-added:sv-001' });
    showIn(api, 'success', 'Crème (× 3) a été ajouté au panier.', { toastId: 'cart-added:sv-001' });
    showIn(api, 'success', 'Sérum a été ajouté au panier.', { toastId: 'cart-added:sv-002' });
    expect([...shown]).toEqual([
      ['cart-added:sv-001', { text: 'Crème (× 3) a été ajouté au panier.', type: 'success' }],
      ['cart-added:sv-002', { text: 'Sérum a été ajouté au panier.', type: 'success' }],
    ]);
  });

  it('shows the same words once: without an id, a toast is known by its kind and its words', () => {
    const { api, shown } = page();
    showIn(api, 'success', 'Quantité mise à jour.');
    showIn(api, 'success', 'Quantité mise à jour.');
    showIn(api, 'error', 'Quantité mise à jour.');
    expect([...shown.keys()]).toEqual(['success:Quantité mise à jour.', 'error:Quantité mise à jour.']);
  });
});
