import type { toast, ToastOptions } from 'react-toastify';

/**
 * Dispatched on `window` by every toast asked for: the shell's container, which otherwise comes at the first pointer or
 * key press, mounts for it at once. A tap made before the page hydrated was seen by no listener of the shell's, and its
 * toast would wait for the next one.
 */
export const TOAST_ASKED_EVENT = 'shop:toast-asked';

/** How long a toast stays: the shell's container, and the notice the page's head script shows before the shell runs. */
export const TOAST_AUTO_CLOSE_MS = 3000;

/**
 * Shows a toast in the shell's one container (react-toastify is a shared singleton the shell provides, so a remote's
 * toast shows there). It is fetched the first time a toast is shown rather than with the page (~10 kB gzip): most
 * visits show none before they are interactive.
 *
 * A toast replaces the one still shown with its `toastId` (by default its kind and text) instead of stacking under
 * it: a shopper tapping « Ajouter au panier » ten times sees one toast, not a column of them over the page's buttons.
 */
export function showToast(kind: 'success' | 'error', message: string, options?: ToastOptions): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(TOAST_ASKED_EVENT));
  void import('react-toastify').then(({ toast }) => showIn(toast, kind, message, options));
}

/** The part of react-toastify's `toast` a toast is shown with. */
export type ToastApi = Pick<typeof toast, 'success' | 'error' | 'isActive' | 'update'>;

/** Shows the toast, or puts its words in the one still shown with its id. */
export function showIn(api: ToastApi, kind: 'success' | 'error', message: string, options?: ToastOptions): void {
  const toastId = options?.toastId ?? `${kind}:${message}`;
  if (api.isActive(toastId)) api.update(toastId, { ...options, render: message, type: kind });
  else api[kind](message, { ...options, toastId });
}
