/**
 * Request chains from what Chromium reports (CDP Network.requestWillBeSent's `initiator`), plus the one kind of
 * dependency an initiator cannot show: a URL a script learned from a response it fetched (remotes.json names the
 * manifests, a manifest names the remote entry and chunks).
 *
 * depth(main document) = 1. For any other request R:
 * - initiated by the HTML parser or a preload (initiator.url = the document or a stylesheet): 1 + depth(that resource);
 * - initiated by a script: 1 + max(S, D), where S = the deepest script found anywhere on the initiator's call stack
 *   (synchronous frames, and async parents when Chromium reports them: every one of them had to arrive before the
 *   call could happen) and D = the shallowest non-script response (the document, remotes.json, a manifest, API JSON)
 *   that finished before R started and names R's URL (absolute, by path, or relative to that response's folder, as
 *   manifests do). D is ignored when no response names R.
 * - anything else (favicon, Link headers): 1 + depth(document).
 * A request answered from the browser's cache (a preload being used) is no new round trip: it takes the depth of the
 * network request that fetched that URL first. CORS preflights are left out.
 */

export interface NetRequest {
  id: string;
  url: string;
  /** CDP ResourceType: Document, Script, Stylesheet, Fetch, XHR, Image, Font, Preflight, Other, ... */
  resourceType: string;
  initiatorType: string;
  initiatorUrl?: string;
  /** Every script URL on the initiator's stack, sync frames first then async parents. */
  stackUrls: string[];
  /** ms since navigation start. */
  start: number;
  end?: number;
  failed?: string;
  fromCache: boolean;
  status?: number;
  /** Text of responses other than scripts and styles: the document, JSON (what a script could read a URL from). */
  text?: string;
}

export interface ChainLink {
  id: string;
  url: string;
  resourceType: string;
  depth: number;
  /** How this request depends on the previous link. */
  reason: string;
  start: number;
  end?: number;
}

interface Depth {
  depth: number;
  parent?: string;
  reason: string;
}

/** Does this response's text name `url`, absolutely, by path on the same origin, or relative to its folder? */
export function names(source: NetRequest, url: string): boolean {
  const text = source.text;
  if (!text) return false;
  if (text.includes(url)) return true;
  let target: URL;
  let base: URL;
  try {
    target = new URL(url);
    base = new URL(source.url);
  } catch {
    return false;
  }
  const path = target.pathname + target.search;
  if (target.origin === base.origin && path.length >= 8 && text.includes(path)) return true;
  const folder = base.href.slice(0, base.href.lastIndexOf('/') + 1);
  if (url.startsWith(folder)) {
    const relative = url.slice(folder.length);
    if (relative.length >= 8 && text.includes(relative)) return true;
  }
  return false;
}

export function computeDepths(requests: NetRequest[]): Map<string, Depth> {
  const ordered = requests.filter((r) => r.resourceType !== 'Preflight').sort((a, b) => a.start - b.start);
  const depths = new Map<string, Depth>();
  const firstNetwork = new Map<string, NetRequest>();
  const document = ordered.find((r) => r.resourceType === 'Document');

  const depthOfUrl = (url: string | undefined, before: number): { req: NetRequest; d: Depth } | undefined => {
    if (!url) return undefined;
    const req = firstNetwork.get(url) ?? ordered.find((r) => r.url === url && r.start <= before && depths.has(r.id));
    const d = req && depths.get(req.id);
    return req && d ? { req, d } : undefined;
  };

  for (const r of ordered) {
    let result: Depth;
    if (r === document) {
      result = { depth: 1, reason: 'navigation' };
    } else if (r.fromCache && firstNetwork.has(r.url)) {
      const original = firstNetwork.get(r.url)!;
      result = { ...depths.get(original.id)!, reason: 'served from cache (same depth as its first fetch)' };
    } else if (r.initiatorType === 'script') {
      let best: { req: NetRequest; d: Depth } | undefined;
      for (const url of new Set(r.stackUrls)) {
        const found = depthOfUrl(url, r.start);
        if (found && (!best || found.d.depth > best.d.depth)) best = found;
      }
      let data: NetRequest | undefined;
      for (const source of ordered) {
        if (source === r || source.text === undefined || source.end === undefined || source.end > r.start) continue;
        if (!depths.has(source.id) || !names(source, r.url)) continue;
        if (!data || depths.get(source.id)!.depth < depths.get(data.id)!.depth) data = source;
      }
      const stackDepth = best?.d.depth ?? 1;
      const dataDepth = data ? depths.get(data.id)!.depth : 0;
      if (data && dataDepth >= stackDepth) {
        result = { depth: dataDepth + 1, parent: data.id, reason: `URL read from this response (script ${best ? 'on stack' : '?'})` };
      } else if (best) {
        result = { depth: stackDepth + 1, parent: best.req.id, reason: 'started by this script' };
      } else {
        result = { depth: 2, parent: document?.id, reason: 'script initiator not found: counted from the document' };
      }
    } else {
      const found = depthOfUrl(r.initiatorUrl, r.start);
      if (found) {
        result = { depth: found.d.depth + 1, parent: found.req.id, reason: r.initiatorType === 'preload' ? 'preload in' : `${r.initiatorType} of` };
      } else {
        result = { depth: 2, parent: document?.id, reason: `${r.initiatorType} initiator: counted from the document` };
      }
    }
    depths.set(r.id, result);
    if (!r.fromCache && !r.failed && !firstNetwork.has(r.url)) firstNetwork.set(r.url, r);
  }
  return depths;
}

export function chainTo(id: string, requests: NetRequest[], depths: Map<string, Depth>): ChainLink[] {
  const byId = new Map(requests.map((r) => [r.id, r]));
  const chain: ChainLink[] = [];
  let current: string | undefined = id;
  const seen = new Set<string>();
  while (current && !seen.has(current)) {
    seen.add(current);
    const r = byId.get(current);
    const d = depths.get(current);
    if (!r || !d) break;
    chain.unshift({ id: r.id, url: r.url, resourceType: r.resourceType, depth: d.depth, reason: d.reason, start: r.start, end: r.end });
    current = d.parent;
  }
  return chain;
}

/**
 * The deepest chain among the requests that finished by `by` (ms since navigation start); ties: the later one.
 * `among` narrows the candidates for the chain's last link (e.g. code only), not the links before it.
 */
export function deepestChainBy(
  requests: NetRequest[],
  by: number,
  among: (r: NetRequest) => boolean = () => true,
): { depth: number; chain: ChainLink[] } {
  const depths = computeDepths(requests);
  let deepest: NetRequest | undefined;
  for (const r of requests) {
    const d = depths.get(r.id);
    if (!d || r.failed || r.end === undefined || r.end > by || !among(r)) continue;
    const best = deepest && depths.get(deepest.id)!;
    if (!best || d.depth > best.depth || (d.depth === best.depth && r.end > deepest!.end!)) deepest = r;
  }
  if (!deepest) return { depth: 0, chain: [] };
  return { depth: depths.get(deepest.id)!.depth, chain: chainTo(deepest.id, requests, depths) };
}
