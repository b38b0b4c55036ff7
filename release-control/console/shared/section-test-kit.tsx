// For the console's section tests: a section rendered as the console renders it, its API as the server answers it.
import { render, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { SWRConfig } from 'swr';
import { vi } from 'vitest';
import { callApi } from './api';

/**
 * The console's API, one scripted answer per method and path (the last one repeats); an unscripted call answers 500
 * naming it. Returns every change asked (method, path, body).
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

/** A section as the console renders it: reading the API through callApi, with a cache of its own (no test sees another's). */
export const renderInConsole = (section: ReactElement) =>
  render(<SWRConfig value={{ provider: () => new Map(), fetcher: (path: string) => callApi(path) }}>{section}</SWRConfig>);

/** The text of each cell, row by row, of a table's body (its header row left out). */
export const bodyCells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
