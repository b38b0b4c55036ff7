import type { ApiErrorBody, ApiErrorCode } from '@shop/contracts/errors';

/** What the service said besides its message: forms need the code and the per-field messages. */
export interface HttpErrorDetails {
  code?: ApiErrorCode | undefined;
  fields?: Record<string, string> | undefined;
}

/**
 * Why a failure carries a text of this page's own rather than the service's: the service could not be reached, or its
 * answer was not its JSON (a proxy's error page).
 */
export type OwnFailure = 'unreachable' | 'status';

/**
 * An HTTP failure with the service's message, in the language the request asked for (`inLanguage` in contracts'
 * data-keys); `status` lets a page tell "unknown product" from "service down". When the service gave none, `ownFailure`
 * says why and `message` is a French stand-in: a page shows `errorText` (failure-text.ts), in its own language.
 */
export class HttpError extends Error {
  readonly status: number;
  /** Absent when the answer was not the service's JSON (network failure, proxy error page). */
  readonly code: ApiErrorCode | undefined;
  /** `validation_failed` on a form: a message per invalid field (in the language asked for), keyed by its body name. */
  readonly fields: Record<string, string> | undefined;
  /** Set when the service said nothing a shopper can read: `message` is then our French stand-in. */
  readonly ownFailure: OwnFailure | undefined;

  constructor(message: string, status: number, details: HttpErrorDetails = {}, ownFailure?: OwnFailure) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = details.code;
    this.fields = details.fields;
    this.ownFailure = ownFailure;
  }
}

// fetch() rejects with the browser's own (English) text when the network fails: shoppers get the page's language
// instead (`shared.error.unreachable`, through errorText); this French stand-in is for callers that show `message`.
const NETWORK_ERROR = 'le service est injoignable, vérifiez votre connexion puis réessayez.';

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { credentials: 'same-origin', ...init });
  } catch {
    throw new HttpError(NETWORK_ERROR, 0, {}, 'unreachable');
  }
}

/** JSON GET for SWR; the error carries the service's message when there is one. */
export async function getJson<T>(url: string): Promise<T> {
  const response = await send(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw await httpError(response);
  return (await response.json()) as T;
}

/** JSON POST; `headers` adds to the JSON ones (e.g. `Idempotency-Key`). */
export async function postJson<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await send(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await httpError(response);
  return (await response.json()) as T;
}

async function httpError(response: Response): Promise<HttpError> {
  try {
    const body = (await response.json()) as Partial<ApiErrorBody>;
    if (body.error?.message) {
      return new HttpError(body.error.message, response.status, { code: body.error.code, fields: fieldsOf(body.error.fields) });
    }
  } catch {
    // Not JSON (e.g. the proxy's own error page): fall through to a generic message.
  }
  return new HttpError(`le service a répondu ${response.status}, réessayez dans un instant.`, response.status, {}, 'status');
}

/** Only string messages survive: whatever else a broken answer holds must not reach the page as text. */
function fieldsOf(value: unknown): Record<string, string> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}
