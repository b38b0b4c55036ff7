import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_PORTS, REMOTE_PACKAGES } from '@shop/contracts/ports';
import type { RemoteName } from '@shop/contracts/remotes';
import { createBucketReleaseStore, type BucketSettings } from './bucket-release-store';
import { createFolderReleaseStore } from './folder-release-store';
import type { ReleaseStore } from './release-store';

/** Where `release:publish` writes: a bucket (RELEASES_BUCKET), else a release server's folder (RELEASES_DIR). */
export type ReleaseStoreConfig = ({ kind: 'bucket' } & BucketSettings) | { kind: 'folder'; root: string; publicBase: string };

/** A variable set to the empty string is unset (a CI's `FOO: ''`). */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** An http(s) URL without credentials, query or fragment; a trailing slash dropped. */
const baseUrl = z
  .string()
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && !url.username && !url.password && !url.search && !url.hash;
  }, 'doit être une adresse http(s) sans identifiants, requête ni fragment, p. ex. https://cdn.maison-argane.ma/versions')
  .transform((value) => value.replace(/\/+$/, ''));

/** S3's rule for a bucket's name (3–63 lowercase letters, digits, dots and hyphens). */
const bucketName = z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'doit être un nom de seau S3 (3 à 63 minuscules, chiffres, points, tirets)');

/** Path segments of plain characters (no `.` or `..`), slashes at either end dropped: `boutique/versions`. */
const keyPrefix = z
  .string()
  .transform((value) => value.replace(/^\/+|\/+$/g, ''))
  .refine(
    (value) => value === '' || value.split('/').every((segment) => /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/.test(segment)),
    'doit être un chemin de segments simples (lettres, chiffres, . _ ~ -), p. ex. boutique/versions',
  );

const Settings = z.object({
  RELEASES_BUCKET: optional(bucketName),
  RELEASES_PREFIX: optional(keyPrefix),
  RELEASES_PUBLIC_URL: optional(baseUrl),
  RELEASES_DIR: optional(z.string()),
  AWS_ENDPOINT_URL_S3: optional(baseUrl),
  AWS_ENDPOINT_URL: optional(baseUrl),
  AWS_REGION: optional(z.string().regex(/^[a-z0-9-]+$/, 'doit être une région, p. ex. eu-west-3')),
  AWS_ACCESS_KEY_ID: optional(z.string()),
  AWS_SECRET_ACCESS_KEY: optional(z.string()),
  AWS_SESSION_TOKEN: optional(z.string()),
});

/** The configuration's problems, one per variable, each `VARIABLE : what is wrong`. */
export class ReleaseStoreConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration de publication invalide :\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ReleaseStoreConfigError';
  }
}

/**
 * The store `remote`'s releases are published to, from the environment:
 * - RELEASES_BUCKET: an S3-compatible bucket. The SDK reads the rest as usual: AWS_ENDPOINT_URL_S3 (or
 *   AWS_ENDPOINT_URL) for a server other than AWS, AWS_REGION (default us-east-1), and the credentials chain
 *   (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, read here from `env`, else a profile, a role). RELEASES_PREFIX (optional) starts every key.
 *   RELEASES_PUBLIC_URL is where browsers fetch them, prefix included (a CDN's origin, or the bucket's public URL);
 *   with a custom endpoint it defaults to `<endpoint>/<bucket>[/<prefix>]`, path-style.
 * - Else RELEASES_DIR: a folder a release server serves (relative to `cwd`), reached by browsers at
 *   RELEASES_PUBLIC_URL, by default the remote's release server on this machine (`http://localhost:3002`).
 * Throws ReleaseStoreConfigError listing every problem at once.
 */
export function readReleaseStoreConfig(remote: RemoteName, env: NodeJS.ProcessEnv, cwd = process.cwd()): ReleaseStoreConfig {
  const result = Settings.safeParse(env);
  const problems = result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')} : ${issue.message}`);
  const set = (name: keyof z.input<typeof Settings>) => env[name] !== undefined && env[name] !== '';
  const endpointSet = set('AWS_ENDPOINT_URL_S3') || set('AWS_ENDPOINT_URL');
  if (!set('RELEASES_BUCKET') && !set('RELEASES_DIR')) {
    problems.push('RELEASES_BUCKET : définissez le seau où publier (ou RELEASES_DIR, le dossier d’un serveur de versions)');
  }
  if (set('RELEASES_BUCKET') && !set('RELEASES_PUBLIC_URL') && !endpointSet) {
    problems.push('RELEASES_PUBLIC_URL : requis pour un seau d’AWS (sans AWS_ENDPOINT_URL_S3) : l’adresse publique des versions, préfixe compris (un CDN ou l’URL publique du seau)');
  }
  if (problems.length > 0 || !result.success) throw new ReleaseStoreConfigError(problems);

  const settings = result.data;
  if (settings.RELEASES_BUCKET) {
    const endpoint = settings.AWS_ENDPOINT_URL_S3 ?? settings.AWS_ENDPOINT_URL;
    const prefix = settings.RELEASES_PREFIX ?? '';
    // The keys of `env` itself, which need not be this process's (the SDK's chain would read process.env).
    const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey, AWS_SESSION_TOKEN: sessionToken } = settings;
    const credentials = accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) } } : {};
    return {
      kind: 'bucket',
      bucket: settings.RELEASES_BUCKET,
      prefix,
      publicBase: settings.RELEASES_PUBLIC_URL ?? `${endpoint}/${settings.RELEASES_BUCKET}${prefix ? `/${prefix}` : ''}`,
      endpoint,
      region: settings.AWS_REGION ?? 'us-east-1',
      ...credentials,
    };
  }
  return {
    kind: 'folder',
    root: resolve(cwd, settings.RELEASES_DIR!),
    publicBase: settings.RELEASES_PUBLIC_URL ?? `http://localhost:${DEFAULT_PORTS[REMOTE_PACKAGES[remote]]}`,
  };
}

/** The store `config` names, for `remote`'s releases. */
export function openReleaseStore(config: ReleaseStoreConfig, remote: RemoteName): ReleaseStore {
  if (config.kind === 'bucket') {
    const { kind: _kind, ...settings } = config;
    return createBucketReleaseStore(settings);
  }
  return createFolderReleaseStore({ root: config.root, remote, publicBase: config.publicBase });
}
