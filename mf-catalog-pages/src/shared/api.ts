import type { ApiErrorBody, ApiErrorCode } from '@shop/contracts/errors';

/** What the service said besides its message: forms need the code and the per-field messages. */
export interface HttpErrorDetails {
  code?: ApiErrorCode | undefined;
  fields?: Record<string, string> | undefined;
}

/** An HTTP failure with the service's French message; `status` lets a page tell "unknown product" from "service down". */
export class HttpError extends Error {
  readonly status: number;
  /** Absent when the answer was not the service's JSON (network failure, proxy error page). */
  readonly code: ApiErrorCode | undefined;
  /** `validation_failed` on a form: a French message per invalid field, keyed by the body's field name. */
  readonly fields: Record<string, string> | undefined;

  constructor(message: string, status: number, details: HttpErrorDetails = {}) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = details.code;
    this.fields = details.fields;
  }
}

// fetch() rejects with the browser's own (English) text when the network fails: shoppers get French instead.
const NETWORK_ERROR = 'le service est injoignable, vérifiez votre connexion puis réessayez.';

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { credentials: 'same-origin', ...init });
  } catch {
    throw new HttpError(NETWORK_ERROR, 0);
  }
}

/** JSON GET for SWR; the error carries the service's French message when there is one. */
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
  return new HttpError(`le service a répondu ${response.status}, réessayez dans un instant.`, response.status);
}

/** Only string messages survive: whatever else a broken answer holds must not reach the page as text. */
function fieldsOf(value: unknown): Record<string, string> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}
