import { HttpError } from './api';

/**
 * What to tell a shopper when a call failed. The service's answers are whole French sentences and read best alone;
 * our own network and proxy texts are endings ("le service est injoignable…") that need what failed before them.
 */
export function failureText(whatFailed: string, error: unknown): string {
  if (error instanceof HttpError && error.code) return error.message;
  return `${whatFailed} : ${error instanceof Error ? error.message : String(error)}`;
}
