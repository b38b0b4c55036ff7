import type { OperationsErrorBody } from '@shop/contracts/operations';

/**
 * A refusal of the operators' API, with its French message and, for a refused release or a conflict, the details;
 * `answer` is the whole body, for what a refusal adds beside its envelope (the product as it now is, after a stale save).
 */
export class ApiRefusal extends Error {
  constructor(
    readonly status: number,
    readonly body: OperationsErrorBody['error'],
    readonly answer: unknown = null,
  ) {
    super(body.message);
  }
}

/**
 * Calls the console's API with the session cookie (the browser adds the shop's Origin itself). Without a session the
 * browser goes to the login page; any other refusal is thrown as an ApiRefusal.
 */
export async function callApi<T>(path: string, init: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: unknown; file?: Blob } = {}): Promise<T> {
  let response: Response;
  // A file (a photo) goes as it is, with its type; any other body as JSON.
  const type = init.file ? init.file.type || 'application/octet-stream' : init.body === undefined ? undefined : 'application/json';
  try {
    response = await fetch(`/operations/api${path}`, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...(type ? { 'Content-Type': type } : {}) },
      ...(init.file ? { body: init.file } : init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  } catch {
    throw new ApiRefusal(0, { code: 'unavailable', message: 'La boutique ne répond pas. Vérifiez la connexion et réessayez.' });
  }
  if (response.status === 401) {
    window.location.assign('/operations/login');
    throw new ApiRefusal(401, { code: 'unauthorized', message: 'Session expirée : reconnectez-vous.' });
  }
  const body = (await response.json().catch(() => null)) as (T & Partial<OperationsErrorBody>) | null;
  if (!response.ok || !body) {
    throw new ApiRefusal(response.status, body?.error ?? { code: 'internal_error', message: `Réponse inattendue de la boutique (HTTP ${response.status}).` }, body);
  }
  return body;
}

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' });

/** A date as operators in Morocco read it. */
export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));
