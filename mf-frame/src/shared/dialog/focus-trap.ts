const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** What Tab can reach inside `root`, in order; content under `hidden` (inactive tab panels, closed menus) is skipped. */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[hidden]'));
}

/**
 * Where Tab must go instead of leaving a modal: from the last element back to the first, from the first (with Shift)
 * to the last, and into the dialog when focus is somehow outside. `null` lets the browser move focus as usual.
 */
export function trapTarget<T>(focusables: readonly T[], active: unknown, backwards: boolean): T | null {
  const first = focusables[0];
  const last = focusables[focusables.length - 1];
  if (first === undefined || last === undefined) return null;
  const index = focusables.indexOf(active as T);
  if (index === -1) return backwards ? last : first;
  if (backwards && index === 0) return last;
  if (!backwards && index === focusables.length - 1) return first;
  return null;
}
