import { ToastContainer } from 'react-toastify';

/** The page's single toast container: every remote's `toast()` shows here (shared react-toastify singleton). */
export const TOAST_AUTO_CLOSE_MS = 3000;

export function ToastHost() {
  return <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop closeOnClick />;
}
