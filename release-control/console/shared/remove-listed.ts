import type { KeyedMutator } from 'swr';
import { ApiRefusal, callApi } from './api';
import type { Notice } from './notice';

export interface Removal<Listing> {
  /** What the operator is asked to confirm. */
  confirm: string;
  /** The API path to DELETE; it answers the list without the removed item. */
  path: string;
  /** The notice once removed. */
  done: string;
  mutate: KeyedMutator<Listing>;
  setNotice(notice: Notice): void;
  setBusy(busy: boolean): void;
}

/**
 * Removes one item of a list the console shows (an operator, a team token, a preview) once the operator confirms: the
 * list the API answers replaces the one shown; a refusal is shown and the list read again. True once removed.
 */
export async function removeListed<Listing>(removal: Removal<Listing>): Promise<boolean> {
  if (!window.confirm(removal.confirm)) return false;
  removal.setBusy(true);
  try {
    await removal.mutate(await callApi<Listing>(removal.path, { method: 'DELETE' }), { revalidate: false });
    removal.setNotice({ kind: 'done', text: removal.done });
    return true;
  } catch (error) {
    if (error instanceof ApiRefusal) removal.setNotice({ kind: 'refused', text: error.message });
    await removal.mutate();
    return false;
  } finally {
    removal.setBusy(false);
  }
}
