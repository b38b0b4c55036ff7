// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Messages, shellWords } from '../messages/messages';
import { ToastHost } from './toast-host';

/** The host as ShopApp renders it: inside the shell's words, which hold the page's language. */
const host = <Messages locale="fr-MA" groups={[shellWords]}><ToastHost /></Messages>;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

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
