import type { ApiErrorBody } from '@shop/contracts/errors';
import type { NewsletterAnswer, NewsletterBody } from '@shop/contracts/newsletter';

export type SubscribeResult = { ok: true; message: string } | { ok: false; message: string };

export const SUBSCRIBED = 'Merci ! Votre inscription à la newsletter est bien enregistrée.';
export const SUBSCRIBE_FAILED = 'L’inscription à la newsletter n’a pas pu être enregistrée. Réessayez dans un instant.';

function hasMessage(value: unknown): value is { message: string } {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}

/**
 * Posts the address to the newsletter endpoint (same origin, through the shell's proxy). The service's French
 * messages are shown as they are; a network failure or an unreadable answer gets a French message of our own.
 */
export async function subscribe(email: string, fetchImpl: typeof fetch = fetch): Promise<SubscribeResult> {
  let response: Response;
  try {
    response = await fetchImpl('/api/newsletter', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email } satisfies NewsletterBody),
    });
  } catch {
    return { ok: false, message: SUBSCRIBE_FAILED };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) {
    return { ok: true, message: hasMessage(body) ? (body as NewsletterAnswer).message : SUBSCRIBED };
  }
  const error = (body as Partial<ApiErrorBody> | null)?.error;
  return { ok: false, message: hasMessage(error) ? error.message : SUBSCRIBE_FAILED };
}
