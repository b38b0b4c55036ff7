import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Subresource Integrity for every script and stylesheet of a remote release (decision 032). A release's browser manifest
 * carries `integrity`: the digests of all its browser files. This plugin learns them as each manifest arrives, and:
 * - creates the scripts and links the federation runtime loads (the remote entry, each exposed module's files as it
 *   preloads them) with `integrity` and `crossorigin="anonymous"`, through the runtime's createScript and createLink
 *   hooks;
 * - gives the same attributes to the scripts and stylesheets a remote's own bundler runtime inserts later (a chunk
 *   loaded on a tap, a part's stylesheet), which no runtime hook sees: inserting an element into the document is what
 *   starts its fetch, so `appendChild` and `insertBefore` set them first, for URLs of a learnt release only.
 * A file whose bytes differ from those published is then refused by the browser, and the part shows its fallback.
 *
 * Not covered: the manifest itself (fetched as JSON and trusted as the release host serves it: its own digest is in
 * mf-integrity.json, which the release check and the shell's renderers verify, not the browser), and a release built
 * without digests, which loads as before (the release check refuses a release without its integrity record).
 */
const digests = new Map<string, string>();

interface ManifestWithDigests {
  integrity?: Record<string, unknown>;
}

function withDigest<T extends HTMLScriptElement | HTMLLinkElement>(element: T, url: string): T {
  const integrity = digests.get(url);
  if (integrity && !element.integrity) {
    element.integrity = integrity;
    element.crossOrigin = 'anonymous';
  }
  return element;
}

/** Scripts and stylesheets a remote's bundler runtime inserts get their digest before the browser fetches them. */
function guardInsertions(): void {
  const guard = (node: Node) => {
    if (node instanceof HTMLScriptElement && node.src) withDigest(node, node.src);
    else if (node instanceof HTMLLinkElement && node.href) withDigest(node, node.href);
  };
  const { appendChild, insertBefore } = Node.prototype;
  Node.prototype.appendChild = function <T extends Node>(this: Node, node: T): T {
    guard(node);
    return appendChild.call(this, node) as T;
  };
  Node.prototype.insertBefore = function <T extends Node>(this: Node, node: T, child: Node | null): T {
    guard(node);
    return insertBefore.call(this, node, child) as T;
  };
}

let guarded = false;

export const subresourceIntegrity: ModuleFederationRuntimePlugin = {
  name: 'shop-subresource-integrity',
  loadRemoteSnapshot(args) {
    const recorded = (args.manifestJson as ManifestWithDigests | undefined)?.integrity;
    if (args.manifestUrl && recorded && typeof recorded === 'object') {
      for (const [file, digest] of Object.entries(recorded)) {
        if (typeof digest === 'string' && digest.startsWith('sha384-')) digests.set(new URL(file, args.manifestUrl).href, digest);
      }
      if (!guarded) guardInsertions();
      guarded = true;
    }
    return args;
  },
  createScript({ url, attrs }) {
    if (!digests.has(url)) return undefined;
    const script = document.createElement('script');
    for (const [name, value] of Object.entries(attrs ?? {})) {
      if (name === 'async' || name === 'defer') script[name] = Boolean(value);
      else script.setAttribute(name, String(value));
    }
    script.src = url;
    return withDigest(script, url);
  },
  createLink({ url, attrs }) {
    if (!digests.has(url)) return undefined;
    const link = document.createElement('link');
    for (const [name, value] of Object.entries(attrs ?? {})) link.setAttribute(name, String(value));
    link.href = url;
    return withDigest(link, url);
  },
};
