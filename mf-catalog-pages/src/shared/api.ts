import type { ApiErrorBody } from '@shop/contracts/errors';

/** An HTTP failure with the service's French message; `status` lets a page tell "unknown product" from "service down". */
export class HttpError extends Error {
  readonly status: number;

  constructor(message: string, status: number) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
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
  if (!response.ok) throw new HttpError(await errorMessage(response), response.status);
  return (await response.json()) as T;
}

export async function postJson<T>(url: string, body: unknown): Promise<T> {
  const response = await send(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new HttpError(await errorMessage(response), response.status);
  return (await response.json()) as T;
}

async function errorMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as Partial<ApiErrorBody>;
    if (body.error?.message) return body.error.message;
  } catch {
    // Not JSON (e.g. the proxy's own error page): fall through to a generic message.
  }
  return `le service a répondu ${response.status}, réessayez dans un instant.`;
}
