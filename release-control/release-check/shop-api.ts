import type { OperationsErrorBody } from '@shop/contracts/operations';
import type { PreviewCreated, ReleaseCheckResult, RemoteReleases } from '@shop/contracts/previews';
import type { RemoteName } from '@shop/contracts/remotes';

/** A refusal of the shop's API, with its French message and reasons (one per line when printed). */
export class ShopRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly reasons: string[] = [],
  ) {
    super(message);
  }
}

/**
 * The operators' API as a team's CI uses it, with its team token: its remote's releases, the shop's checks, previews.
 * Every answer but the expected one is a ShopRefusal carrying the shop's own message.
 */
export function shopApi(shop: string, token: string) {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    let response: Response;
    try {
      response = await fetch(new URL(`/operations/api${path}`, shop), {
        method,
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(30_000),
        redirect: 'error',
      });
    } catch (error) {
      throw new ShopRefusal(0, `la boutique (${shop}) ne répond pas : ${(error as Error).message}`);
    }
    const text = await response.text();
    if (!response.ok) {
      let error: Partial<OperationsErrorBody['error']> = {};
      try {
        error = (JSON.parse(text) as OperationsErrorBody).error ?? {};
      } catch {
        // Not the shop's envelope (a proxy's page): the status says enough.
      }
      throw new ShopRefusal(response.status, `HTTP ${response.status} ${method} ${path} : ${error.message ?? text.slice(0, 200)}`, error.reasons ?? []);
    }
    return JSON.parse(text) as T;
  };
  return {
    releases: (remote: RemoteName) => call<RemoteReleases>('GET', `/remotes/${remote}/releases`),
    check: (remote: RemoteName, entry: string) => call<ReleaseCheckResult>('POST', `/remotes/${remote}/checks`, { entry }),
    createPreview: (remote: RemoteName, entry: string, expiresInSeconds: number) =>
      call<PreviewCreated>('POST', '/previews', { releases: [{ remote, entry }], expiresInSeconds }),
    endPreview: (id: string) => call<unknown>('DELETE', `/previews/${id}`),
  };
}

export type ShopApi = ReturnType<typeof shopApi>;
