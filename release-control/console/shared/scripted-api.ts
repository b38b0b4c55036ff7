import { vi } from 'vitest';

/**
 * For the console's tests: its API as the server answers it, one scripted answer per method and path (the last one
 * repeats); an unscripted call answers 500 naming it. Returns every change asked (method, path, body).
 */
export function scriptedApi(answers: Record<string, Array<{ status?: number; body: unknown }>>): Array<{ call: string; body: unknown }> {
  const changes: Array<{ call: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = `${init.method ?? 'GET'} ${url.replace('/operations/api', '')}`;
      if (init.method && init.method !== 'GET') changes.push({ call, body: init.body === undefined ? null : JSON.parse(String(init.body)) });
      const queue = answers[call];
      const answer = !queue ? { status: 500, body: { error: { code: 'internal_error', message: `Appel imprévu : ${call}` } } } : queue.length > 1 ? queue.shift()! : queue[0]!;
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return changes;
}
