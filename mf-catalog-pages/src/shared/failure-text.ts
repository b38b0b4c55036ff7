import { HttpError } from './api';
import type { PageText } from './page-text';

/**
 * An error's text in the page's language: the service's own message (asked for in that language, see `inLanguage` in
 * contracts' data-keys), else ours, `shared.error.*` (the service unreachable, or an answer that was not its JSON).
 */
export function errorText(error: unknown, t: PageText['t']): string {
  if (error instanceof HttpError && error.ownFailure === 'unreachable') return t('shared.error.unreachable');
  if (error instanceof HttpError && error.ownFailure === 'status') return t('shared.error.status', { status: error.status });
  return error instanceof Error ? error.message : String(error);
}

/**
 * What to tell a shopper when a call failed. The service's answers are whole sentences and read best alone; our own
 * network and proxy texts are endings ("le service est injoignable…") that need what failed before them. With `t`, in
 * the page's language (`shared.failure`); without, French, as the service's stand-ins are.
 */
export function failureText(whatFailed: string, error: unknown, t?: PageText['t']): string {
  if (error instanceof HttpError && error.code) return error.message;
  if (t) return t('shared.failure', { what: whatFailed, reason: errorText(error, t) });
  return `${whatFailed} : ${error instanceof Error ? error.message : String(error)}`;
}
