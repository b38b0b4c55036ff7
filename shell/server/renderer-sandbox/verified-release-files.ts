/**
 * A release's files as the renderer reads them (decision 032): the shell hands a renderer the verified bytes of the
 * releases it renders (render/release-files.ts), and this answers the federation runtime's and the release's own
 * fetches of those URLs from them, checking each file's digest again before its first use. A URL of a release that is
 * not among them (a file refused by the shell, or never recorded) is refused: a renderer runs no code it was not handed.
 */
import { digestOf } from '@shop/contracts/release-digest';
import type { ReleaseFile } from './renderer-protocol';

const CONTENT_TYPES: Record<string, string> = { '.js': 'text/javascript', '.json': 'application/json', '.css': 'text/css' };
const contentTypeOf = (url: string) => CONTENT_TYPES[/\.[a-z]+$/.exec(new URL(url).pathname)?.[0] ?? ''] ?? 'application/octet-stream';

/**
 * Installs the release files in front of `fetch`. `entries` are the manifests of the configuration's releases: other
 * URLs under their folders are refused here; any other origin is left to the access sensor's rule.
 */
export function installReleaseFiles(files: readonly ReleaseFile[], entries: readonly string[]): void {
  const byUrl = new Map(files.map((file) => [file.url, file]));
  const verified = new Set<string>();
  const folders = entries.map((entry) => new URL('.', entry).href);
  const networkFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const file = byUrl.get(url);
    if (file) {
      if (!verified.has(url)) {
        if (digestOf(file.text) !== file.integrity) return Promise.reject(new Error(`${url}: its bytes are not those of its integrity record`));
        verified.add(url);
      }
      return Promise.resolve(new Response(file.text, { headers: { 'content-type': contentTypeOf(url) } }));
    }
    if (folders.some((folder) => url.startsWith(folder))) {
      return Promise.reject(new Error(`${url}: not a verified file of a live release (the renderer reads no other)`));
    }
    return networkFetch(input, init);
  };
}
