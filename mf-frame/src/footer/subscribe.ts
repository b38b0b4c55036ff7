import { inLanguage } from '@shop/contracts/data-keys';
import type { ApiErrorBody } from '@shop/contracts/errors';
import type { ShopLocale } from '@shop/contracts/locales';
import type { NewsletterAnswer, NewsletterBody } from '@shop/contracts/newsletter';

/** `message`: the service's, in the language asked for; null when there is none to show (the form says its own). */
export type SubscribeResult = { ok: boolean; message: string | null };

function hasMessage(value: unknown): value is { message: string } {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}

/**
 * Posts the address to the newsletter endpoint (same origin, through the shell's proxy), asking for the page's
 * language (`?lang=`, none for French). The service's messages are shown as they are; after a network failure, an
 * unreadable answer or one without a message, the form shows its own.
 */
export async function subscribe(email: string, locale: ShopLocale, fetchImpl: typeof fetch = fetch): Promise<SubscribeResult> {
  let response: Response;
  try {
    response = await fetchImpl(inLanguage('/api/newsletter', locale), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email } satisfies NewsletterBody),
    });
  } catch {
    return { ok: false, message: null };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) {
    return { ok: true, message: hasMessage(body) ? (body as NewsletterAnswer).message : null };
  }
  const error = (body as Partial<ApiErrorBody> | null)?.error;
  return { ok: false, message: hasMessage(error) ? error.message : null };
}
