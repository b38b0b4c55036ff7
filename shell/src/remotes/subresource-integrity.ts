import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Subresource Integrity for what the federation runtime loads (decision 032). A release's browser manifest carries
 * `integrity`, the digests of its remote entry and of each exposed module's scripts and stylesheets; this plugin
 * learns them as each manifest arrives and creates those scripts and links with `integrity` and
 * `crossorigin="anonymous"`, so a file whose bytes differ from the ones published is refused by the browser and the
 * part shows its fallback. The remote entry then loads its own chunks with the digests Rspack's SubresourceIntegrityPlugin
 * wrote into it.
 *
 * Not covered: the manifest itself (fetched as JSON, trusted as the release host serves it), and a release built
 * without digests, which loads as before (the release check refuses a release without its integrity record).
 */
const digests = new Map<string, string>();

interface ManifestWithDigests {
  integrity?: Record<string, unknown>;
}

export const subresourceIntegrity: ModuleFederationRuntimePlugin = {
  name: 'shop-subresource-integrity',
  loadRemoteSnapshot(args) {
    const recorded = (args.manifestJson as ManifestWithDigests | undefined)?.integrity;
    if (args.manifestUrl && recorded && typeof recorded === 'object') {
      for (const [file, digest] of Object.entries(recorded)) {
        if (typeof digest === 'string' && digest.startsWith('sha384-')) digests.set(new URL(file, args.manifestUrl).href, digest);
      }
    }
    return args;
  },
  createScript({ url, attrs }) {
    const integrity = digests.get(url);
    if (!integrity) return undefined;
    const script = document.createElement('script');
    for (const [name, value] of Object.entries(attrs ?? {})) {
      if (name === 'async' || name === 'defer') script[name] = Boolean(value);
      else script.setAttribute(name, String(value));
    }
    script.src = url;
    script.integrity = integrity;
    script.crossOrigin = 'anonymous';
    return script;
  },
  createLink({ url, attrs }) {
    const integrity = digests.get(url);
    if (!integrity) return undefined;
    const link = document.createElement('link');
    for (const [name, value] of Object.entries(attrs ?? {})) link.setAttribute(name, String(value));
    link.href = url;
    link.integrity = integrity;
    link.crossOrigin = 'anonymous';
    return link;
  },
};
