import type { ToastOptions } from 'react-toastify';

/**
 * Shows a toast in the shell's one container (react-toastify is a shared singleton the shell provides, so a remote's
 * toast shows there). It is fetched the first time a toast is shown rather than with the page (~10 kB gzip): most
 * visits show none before they are interactive.
 */
export function showToast(kind: 'success' | 'error', message: string, options?: ToastOptions): void {
  void import('react-toastify').then(({ toast }) => toast[kind](message, options));
}
