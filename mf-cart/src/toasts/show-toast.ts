import type { ToastOptions } from 'react-toastify';

/**
 * Shows a toast in the shell's container. react-toastify (~10 kB gzip, shared with the shell) is fetched the first
 * time a toast is shown rather than with the page: most visits show none before they are interactive.
 */
export function showToast(kind: 'success' | 'error', message: string, options?: ToastOptions): void {
  void import('react-toastify').then(({ toast }) => toast[kind](message, options));
}
