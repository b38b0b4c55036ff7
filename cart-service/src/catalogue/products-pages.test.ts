import { describe, expect, it } from 'vitest';
import { CookieClient } from '../test-support/cookie-client';
import { embeddedAppPerSuite } from '../test-support/test-app';

const { app } = embeddedAppPerSuite();

/** Every page of a listing, each read with the previous page's cursor, as « Voir plus » reads them. */
async function walk(client: CookieClient, query: string): Promise<{ ids: string[]; total: number }> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let total: number | undefined;
  do {
    const res = await client.get(`/api/products?${query}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status, `${query} after ${ids.length}: ${JSON.stringify(res.body)}`).toBe(200);
    ids.push(...(res.body.products as { id: string }[]).map((p) => p.id));
    ({ total } = res.body as { total: number });
    cursor = res.body.nextCursor as string | null;
  } while (cursor);
  return { ids, total: total ?? 0 };
}

describe('GET /api/products, page after page', () => {
  it.each(['limit=8', 'category=face&limit=4', 'sort=prix-croissant&limit=8', 'sort=prix-decroissant&limit=5', 'sort=nom&limit=8', 'sort=nouveautes&limit=8', 'q=argan&limit=3', 'q=argn&limit=2'])(
    '%s: every next page answers, each product once, as many as the total',
    async (query) => {
      const { ids, total } = await walk(new CookieClient(app.url), query);
      expect(ids.length).toBeGreaterThan(0);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toHaveLength(total);
    },
  );
});
