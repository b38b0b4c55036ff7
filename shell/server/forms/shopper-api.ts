import { DEFAULT_LOCALE, type ShopLocale } from '@shop/contracts/locales';
import type { IncomingHttpHeaders } from 'node:http';
import type { ApiErrorBody } from '@shop/contracts/errors';

/** One answer of cart-service to a form's call: its status and JSON body, or `null` when it could not be asked. */
/** `retryAfter`: the service's Retry-After, when it asks the shopper to wait (429, 503). */
export type ApiReply = { status: number; body: unknown; error?: ApiErrorBody['error']; retryAfter?: string } | null;

export interface ShopperApi {
  /** `POST path` with a JSON body, as the shopper (their cookies); any cookie the service sets is kept for the answer. */
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<ApiReply>;
  /** The cookies the service set during the calls, to pass on to the shopper's browser. */
  readonly setCookies: string[];
  /** The shopper's cookies as they are after the calls (what the service set replaces what the browser sent). */
  cookie(): string;
}

/** How long a form's call may take: the shopper is waiting for a page. */
const CALL_TIMEOUT_MS = 10_000;

/**
 * cart-service called as the shopper who posted a form (decision 026): their cookies go with each call and the
 * cookies it sets come back, so a session is created, kept, or rotated at order time exactly as with the API; the
 * shopper's address and protocol go as trustedForwarding wrote them, so cart-service's limits count the shopper. Its
 * messages come in the language of the page the form was on (decision 036).
 */
export function shopperApi(cartServiceUrl: string, request: IncomingHttpHeaders, locale: ShopLocale = DEFAULT_LOCALE): ShopperApi {
  const cookies = new Map<string, string>(parseCookies(request.cookie ?? ''));
  const setCookies: string[] = [];
  const forwarded = Object.fromEntries(
    (['x-forwarded-for', 'x-forwarded-proto', 'user-agent'] as const).flatMap((name) => {
      const value = request[name];
      return typeof value === 'string' ? [[name, value]] : [];
    }),
  );
  const cookie = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  return {
    setCookies,
    cookie,
    async post(path, body, headers = {}) {
      try {
        const response = await fetch(new URL(path, cartServiceUrl), {
          method: 'POST',
          headers: { ...forwarded, 'content-type': 'application/json', accept: 'application/json', 'accept-language': locale, cookie: cookie(), ...headers },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
        });
        for (const set of response.headers.getSetCookie()) {
          setCookies.push(set);
          const [pair = ''] = set.split(';');
          const at = pair.indexOf('=');
          if (at > 0) cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
        }
        const json: unknown = await response.json().catch(() => null);
        const error = (json as Partial<ApiErrorBody> | null)?.error;
        const retryAfter = response.headers.get('retry-after');
        return {
          status: response.status,
          body: json,
          ...(error && typeof error.message === 'string' ? { error } : {}),
          ...(retryAfter ? { retryAfter } : {}),
        };
      } catch {
        return null;
      }
    },
  };
}

function parseCookies(header: string): [string, string][] {
  return header
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .flatMap((part) => {
      const at = part.indexOf('=');
      return at > 0 ? [[part.slice(0, at), part.slice(at + 1)] as [string, string]] : [];
    });
}
