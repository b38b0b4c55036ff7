import { useEffect, useRef } from 'react';
import type { KeyboardEvent, MouseEvent, SyntheticEvent } from 'react';
import { focusableIn, trapTarget } from './focus-trap';

/**
 * A native modal `<dialog>` driven by React state: `showModal` makes the rest of the page inert, Tab cycles inside,
 * Escape and a click on the backdrop call `onClose`, and focus goes back to what opened it. Spread the result on
 * the `<dialog>`; put `data-autofocus` on the element that should receive focus first.
 */
export function useModalDialog(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom has no showModal; the attribute keeps unit tests meaningful.
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    const focusables = focusableIn(dialog);
    (focusables.find((el) => el.hasAttribute('data-autofocus')) ?? focusables[0])?.focus();
    return () => {
      if (dialog.open) {
        if (typeof dialog.close === 'function') dialog.close();
        else dialog.removeAttribute('open');
      }
      opener?.focus();
    };
  }, [open]);

  return {
    ref,
    onCancel(event: SyntheticEvent<HTMLDialogElement>) {
      // Escape: React state closes the dialog, so the effect above can return focus.
      event.preventDefault();
      onClose();
    },
    onClose(event: SyntheticEvent<HTMLDialogElement>) {
      // The browser may still close it on its own (a second Escape); keep the state in step. The close event is a task
      // of its own, which a browser may run after a quicker keypress (input goes first): Escape then Enter on the
      // opener reopens the dialog before the first closing's event arrives, and that stale event must not close it.
      if (open && !event.currentTarget.open) onClose();
    },
    onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
      if (event.key !== 'Tab') return;
      const target = trapTarget(focusableIn(event.currentTarget), document.activeElement, event.shiftKey);
      if (target) {
        event.preventDefault();
        target.focus();
      }
    },
    onClick(event: MouseEvent<HTMLDialogElement>) {
      // The dialog has no padding, so only a click on the backdrop targets the element itself.
      if (event.target === event.currentTarget) onClose();
    },
  };
}
