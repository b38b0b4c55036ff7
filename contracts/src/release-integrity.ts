/**
 * What a release records of its own bytes, so that whoever runs or checks it can verify them (decision 032): beside its
 * `mf-manifest.json`, every release folder holds `mf-integrity.json`, written by the build once every file is final and
 * checked again by `release:publish`, the release check, the shell's renderers and, for scripts, the browser.
 *
 * Digests are written as Subresource Integrity writes them (`sha384-<base64>`), so one value serves a browser's
 * `integrity` attribute and a server's comparison. Files are named by their path inside the release folder
 * (`ssr/mf_cart.js`, `static/js/mf_cart.56ffd97029.js`); the precompressed copies (`.br`, `.gz`) are not listed, since
 * what is verified is the content a client decodes.
 */

export const INTEGRITY_FILE = 'mf-integrity.json';
export const INTEGRITY_ALGORITHM = 'sha384';

/** `sha384-` and 64 base64 characters: the SRI form of one SHA-384 digest. */
const DIGEST = /^sha384-[A-Za-z0-9+/]{64}$/;
/** A file inside a release folder: simple segments, no `..`, no leading slash. */
const RELEASE_FILE = /^(?:[A-Za-z0-9_~-][A-Za-z0-9._~-]*\/)*[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/;

export interface ReleaseIntegrity {
  algorithm: typeof INTEGRITY_ALGORITHM;
  /** Each file of the release, by its path inside the release folder, with its `sha384-…` digest. */
  files: Record<string, string>;
}

export const isDigest = (value: unknown): value is string => typeof value === 'string' && DIGEST.test(value);
export const isReleaseFile = (value: string): boolean => RELEASE_FILE.test(value) && !value.split('/').includes('..');

/** The integrity record in `value` (the parsed `mf-integrity.json`), or a sentence saying why it is not one. */
export function parseReleaseIntegrity(value: unknown): ReleaseIntegrity | string {
  if (typeof value !== 'object' || value === null) return 'is not a JSON object';
  const { algorithm, files } = value as Partial<ReleaseIntegrity>;
  if (algorithm !== INTEGRITY_ALGORITHM) return `algorithm must be "${INTEGRITY_ALGORITHM}"`;
  if (typeof files !== 'object' || files === null || Array.isArray(files)) return 'files must be an object';
  for (const [file, digest] of Object.entries(files)) {
    if (!isReleaseFile(file)) return `"${file.slice(0, 100)}" is not a file of the release folder`;
    if (!isDigest(digest)) return `the digest of "${file}" is not sha384-<base64>`;
  }
  return { algorithm, files: { ...files } };
}
