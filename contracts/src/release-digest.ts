/**
 * The one way a release file's bytes become their digest (release-integrity.ts): SHA-384 in Subresource Integrity's
 * form. Node only (it uses node:crypto): for the build, `release:publish`, the release check and the shell's renderers,
 * never for a browser bundle.
 */
import { createHash } from 'node:crypto';

export const digestOf = (bytes: Uint8Array | string): string => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
