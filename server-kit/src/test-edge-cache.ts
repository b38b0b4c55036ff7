import { createServer } from 'node:http';
import { EDGE_PURGE_TAGS_HEADER } from '@shop/contracts/edge-cache';
import { closeServer, listen, urlOf } from './listening-server';

/** One request a test cache received. */
export interface ReceivedPurge {
  method: string;
  path: string;
  tags: string[];
}

export interface TestEdgeCache {
  /** Its purge URL, as EDGE_PURGE_URLS names a Varnish (`http://127.0.0.1:<port>/`). */
  readonly url: string;
  readonly purges: ReceivedPurge[];
  /** Every tag purged so far, in order. */
  tags(): string[];
  close(): Promise<void>;
}

/**
 * A stand-in for a Varnish of the fleet, on loopback, for tests of what servers purge (decision 045): it records each
 * request with the tags of its `xkey-purge` header and answers with `status(n)` for the n-th one (200 by default), or
 * never (`'hang'`).
 */
export async function startTestEdgeCache(status: (n: number) => number | 'hang' = () => 200): Promise<TestEdgeCache> {
  const purges: ReceivedPurge[] = [];
  const server = createServer((req, res) => {
    const header = req.headers[EDGE_PURGE_TAGS_HEADER];
    purges.push({ method: req.method ?? '', path: req.url ?? '', tags: String(header ?? '').split(' ').filter(Boolean) });
    const answer = status(purges.length);
    if (answer === 'hang') return;
    res.statusCode = answer;
    res.end(answer === 200 ? `${purges.at(-1)!.tags.length} purged` : '');
  });
  await listen(server);
  return {
    url: `${urlOf(server)}/`,
    purges,
    tags: () => purges.flatMap((purge) => purge.tags),
    close: () => closeServer(server),
  };
}
