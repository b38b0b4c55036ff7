// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { toast } from 'react-toastify';
import { HELD_POST_NOTICES, type PageNotice } from '@shop/contracts/forms';
import { showToast } from '@shop/contracts/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Messages, shellWords } from '../messages/messages';
import { ToastHost } from './toast-host';

/** The host as ShopApp renders it: inside the shell's words, which hold the page's language. */
const host = <Messages locale="fr-MA" groups={[shellWords]}><ToastHost /></Messages>;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  delete (window as unknown as Record<string, unknown>)[HELD_POST_NOTICES];
});

/** Sooner than the container would come on its own (5 s after load): only the toast asked for can have mounted it. */
const BEFORE_IDLE_MOUNT = { timeout: 2_000 };

describe('ToastHost', () => {
  it('renders no container until the shopper interacts, then shows a toast asked for before it was mounted', async () => {
    const { container } = render(host);
    expect(container.querySelector('.Toastify')).toBeNull();

    // Asked before the container exists: react-toastify keeps it queued.
    toast.success('Produit ajouté');
    await act(async () => {
      window.dispatchEvent(new Event('pointerdown'));
    });
    expect(await screen.findByText('Produit ajouté')).toBeTruthy();
    expect(container.querySelector('.Toastify')).not.toBeNull();
  });

  it('mounts the container for a toast asked for before any interaction, at once', async () => {
    const { container } = render(host);
    expect(container.querySelector('.Toastify')).toBeNull();
    await act(async () => showToast('success', 'Inscription enregistrée'));
    expect(await screen.findByText('Inscription enregistrée', undefined, BEFORE_IDLE_MOUNT)).toBeTruthy();
  });

  it('shows the answer of a cart form the head script posted before hydration, without waiting for another tap', async () => {
    // The shopper's tap came before the shell's listeners existed; its answer is waiting when the host hydrates.
    const waiting: PageNotice[] = [{ kind: 'success', text: 'Huile d’argan pure a été ajouté au panier.' }];
    (window as unknown as Record<string, unknown>)[HELD_POST_NOTICES] = waiting;
    const { container } = render(host);
    expect(await screen.findByText('Huile d’argan pure a été ajouté au panier.', undefined, BEFORE_IDLE_MOUNT)).toBeTruthy();
    expect(container.querySelector('.Toastify')).not.toBeNull();
  });

  it('mounts the container a few seconds after load without any interaction', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { container } = render(host);
    // jsdom's document is already complete: the idle timer starts at once.
    await act(async () => {
      vi.advanceTimersByTime(4999);
    });
    expect(container.querySelector('.Toastify')).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    vi.useRealTimers();
    await vi.waitFor(() => expect(container.querySelector('.Toastify')).not.toBeNull());
  });
});
