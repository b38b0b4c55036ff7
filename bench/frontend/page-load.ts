import autocannon from 'autocannon';

/** What 20 connections got from a page for a while. */
export interface PageLoad {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/**
 * autocannon at 20 connections on `url` (HTML) for `seconds`. With `distinct`, every request asks for another
 * `/shop/face?r=N`, so none shares a render with another.
 */
export async function pageLoad(url: string, seconds: number, distinct = false): Promise<PageLoad> {
  let n = 0;
  const requests = distinct ? [{ setupRequest: (request: { path: string }) => ({ ...request, path: `/shop/face?r=${n++}` }) }] : undefined;
  const result = await autocannon({ url, connections: 20, duration: seconds, headers: { accept: 'text/html' }, requests });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}
