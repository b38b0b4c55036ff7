import { lazy, Suspense, useEffect, useState } from 'react';
import { showHeldPostNotices } from '@shop/contracts/held-events';
import { showToast, TOAST_ASKED_EVENT, TOAST_AUTO_CLOSE_MS } from '@shop/contracts/toast';
import { useText } from '../messages/messages';

/** How long after the page has loaded the container comes anyway, for a toast no interaction asked for. */
const IDLE_MOUNT_MS = 5000;

const ToastContainer = lazy(() => import('react-toastify').then(({ ToastContainer }) => ({ default: ToastContainer })));

/**
 * The page's single toast container: every remote's `showToast()` shows here (shared react-toastify singleton).
 * Toasts answer what the shopper does (add to cart, change a quantity, subscribe), so react-toastify (~10 kB gzip) is
 * loaded at the first pointer or key press, or the first toast asked for, not with the page; a few seconds after load
 * the container comes in any case. A toast asked for before the container has mounted waits in react-toastify's queue.
 */
export function ToastHost() {
  const [wanted, setWanted] = useState(false);
  // Toasts come from the top corner where the page's text starts: top-left on an Arabic page (decision 036).
  const rtl = useText().dir === 'rtl';
  // Listening before the held notices below are shown: each asks for a toast, which must find this listener.
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const events = ['pointerdown', 'keydown', 'touchstart'] as const;
    for (const event of events) window.addEventListener(event, want, { capture: true, once: true, passive: true });
    window.addEventListener(TOAST_ASKED_EVENT, want, { once: true });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onLoad = () => (timer = setTimeout(want, IDLE_MOUNT_MS));
    if (document.readyState === 'complete') onLoad();
    else window.addEventListener('load', onLoad, { once: true });
    return () => {
      for (const event of events) window.removeEventListener(event, want, { capture: true });
      window.removeEventListener(TOAST_ASKED_EVENT, want);
      window.removeEventListener('load', onLoad);
      clearTimeout(timer);
    };
  }, [wanted]);
  // A cart form tapped before its part hydrated was posted in the background by the page's head script: its answer
  // shows here, as the hydrated form's toast would, as soon as it is known.
  useEffect(() => showHeldPostNotices((notice) => showToast(notice.kind, notice.text)), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer position={rtl ? 'top-left' : 'top-right'} rtl={rtl} autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop closeOnClick />
    </Suspense>
  );
}
