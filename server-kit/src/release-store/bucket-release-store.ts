import { promisify } from 'node:util';
import { brotliDecompress, gunzip } from 'node:zlib';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import type { ReleaseListing } from '@shop/contracts/operations';
import type { RemoteName } from '@shop/contracts/remotes';
import {
  checkedPath,
  INDEX_CACHE_CONTROL,
  INDEX_CONTENT_TYPE,
  INDEX_FILE,
  listingWith,
  MANIFEST_FILE,
  parseReleaseListing,
  RELEASE_CACHE_CONTROL,
  ReleaseFileExistsError,
  type ReleaseStore,
} from './release-store';

const unbrotli = promisify(brotliDecompress);
const unzip = promisify(gunzip);

export interface BucketSettings {
  bucket: string;
  /** Keys start with `<prefix>/` (no slash at either end); empty for none. */
  prefix: string;
  /** Where browsers fetch `<remote>/<version>/<file>`, the prefix included, without a trailing slash. */
  publicBase: string;
  /** An S3-compatible server's endpoint (AWS_ENDPOINT_URL_S3 / AWS_ENDPOINT_URL); unset for AWS itself. */
  endpoint?: string | undefined;
  region: string;
  /** Keys given in the environment (AWS_ACCESS_KEY_ID…); unset: the SDK's own chain (a profile, a role). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
}

/** How many times the index's read-modify-write runs when another publisher wrote it in between. */
const INDEX_ATTEMPTS = 5;

/**
 * The client for a bucket: the settings' credentials, else the SDK's usual chain (AWS_ACCESS_KEY_ID…, a profile, a
 * role).
 * Checksums only where an operation requires one: the SDK's default CRC checksums (and the aws-chunked uploads that
 * carry them) are refused by S3-compatible servers that do not know them. A custom endpoint is addressed path-style
 * (`<endpoint>/<bucket>/<key>`), which every S3-compatible server answers, whatever its DNS. `extra`: more of the
 * client's options (a test's credentials).
 */
export function s3ClientFor(settings: Pick<BucketSettings, 'endpoint' | 'region' | 'credentials'>, extra: S3ClientConfig = {}): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...extra,
  });
}

/**
 * Releases in an S3-compatible bucket, for a CDN (or the bucket's public URL) to serve: each file an object with its
 * Content-Type, Content-Encoding and a year's immutable Cache-Control, and each remote's index an object
 * (`releases.json`, revalidated). `client` defaults to s3ClientFor(settings).
 */
export function createBucketReleaseStore(settings: BucketSettings, client: S3Client = s3ClientFor(settings)): ReleaseStore {
  const { bucket, prefix, publicBase } = settings;
  const base = prefix ? `${prefix}/` : '';
  const keyOf = (remote: RemoteName, version: string, file: string): string => {
    checkedPath(version, file);
    return `${base}${remote}/${version}/${file}`;
  };
  const indexKey = (remote: RemoteName) => `${base}${remote}/${INDEX_FILE}`;
  const describe = () => `le seau s3://${bucket}/${base}${settings.endpoint ? ` (${settings.endpoint})` : ''}`;

  const exists = async (key: string): Promise<boolean> => {
    try {
      await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return true;
    } catch (error) {
      if (statusOf(error) === 404) return false;
      throw error;
    }
  };

  /** The index and its ETag (none when the index does not exist yet, or the server gives none). */
  const readIndex = async (remote: RemoteName): Promise<{ listing: ReleaseListing; etag: string | undefined; found: boolean }> => {
    let text: string;
    let etag: string | undefined;
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: indexKey(remote) }));
      text = new TextDecoder().decode(await decoded(await answer.Body!.transformToByteArray(), answer.ContentEncoding));
      etag = answer.ETag;
    } catch (error) {
      if (statusOf(error) === 404) return { listing: { releases: [] }, etag: undefined, found: false };
      throw error;
    }
    let listing: ReleaseListing | string;
    try {
      listing = parseReleaseListing(JSON.parse(text));
    } catch {
      listing = 'ce n’est pas du JSON';
    }
    if (typeof listing === 'string') throw new Error(`l’index ${indexKey(remote)} de ${describe()} est illisible : ${listing}`);
    return { listing, etag, found: true };
  };

  return {
    describe,

    hasVersion: (remote, version) => exists(keyOf(remote, version, MANIFEST_FILE)),

    async putFile(remote, version, file, bytes, { contentType, contentEncoding, onlyIfAbsent }) {
      const key = keyOf(remote, version, file);
      // Asked first, so a server that ignores If-None-Match (below) still refuses a file published before this run.
      if (onlyIfAbsent && (await exists(key))) throw new ReleaseFileExistsError(`s3://${bucket}/${key}`);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: bytes,
            ContentType: contentType,
            CacheControl: RELEASE_CACHE_CONTROL,
            ...(contentEncoding ? { ContentEncoding: contentEncoding } : {}),
            // Written only if no object has this key, checked by the server in the same step as the write (AWS S3,
            // R2, MinIO answer 412 otherwise), which closes the gap between the question above and this write. A
            // server that ignores If-None-Match (s3rver, older S3-compatible servers) overwrites instead: there, two
            // publishers of the same version in that gap both succeed, the last one's manifest winning.
            ...(onlyIfAbsent ? { IfNoneMatch: '*' } : {}),
          }),
        );
      } catch (error) {
        if (isConflict(error)) throw new ReleaseFileExistsError(`s3://${bucket}/${key}`);
        throw error;
      }
    },

    async readFile(remote, version, file) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(remote, version, file) }));
        return {
          bytes: await decoded(await answer.Body!.transformToByteArray(), answer.ContentEncoding),
          contentType: answer.ContentType,
          contentEncoding: answer.ContentEncoding,
          cacheControl: answer.CacheControl,
        };
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw error;
      }
    },

    readIndex: async (remote) => (await readIndex(remote)).listing,

    async addToIndex(remote, { version, builtAt }) {
      if (!(await exists(keyOf(remote, version, MANIFEST_FILE)))) throw new Error(`${describe()} n’a pas le manifeste de ${version} de ${remote}`);
      // Read, add, write back only if nobody wrote in between (If-Match on the ETag read, If-None-Match when there
      // was no index), else read again. A server that ignores these conditions writes anyway: two publishers of
      // different versions at the same moment may then lose one entry (its files and manifest stay; publishing it
      // again is refused as existing, so an operator adds it by hand). AWS S3, R2 and MinIO honour them.
      for (let attempt = 1; ; attempt++) {
        const { listing, etag, found } = await readIndex(remote);
        const next = listingWith(listing, { version, manifest: `${version}/${MANIFEST_FILE}`, builtAt });
        try {
          await client.send(
            new PutObjectCommand({
              Bucket: bucket,
              Key: indexKey(remote),
              Body: JSON.stringify(next),
              ContentType: INDEX_CONTENT_TYPE,
              CacheControl: INDEX_CACHE_CONTROL,
              ...(etag ? { IfMatch: etag } : found ? {} : { IfNoneMatch: '*' }),
            }),
          );
          return next;
        } catch (error) {
          if (!isConflict(error) || attempt >= INDEX_ATTEMPTS) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
        }
      }
    },

    publicUrl: (remote, version, file) => `${publicBase}/${keyOf(remote, version, file).slice(base.length)}`,

    indexUrl: (remote) => `${publicBase}/${remote}/${INDEX_FILE}`,

    close: () => client.destroy(),
  };
}

/** The HTTP status of an SDK error (404 for NotFound and NoSuchKey alike), if it has one. */
const statusOf = (error: unknown): number | undefined => (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;

/** 412: a condition failed (the object exists, or changed since read); 409: a concurrent conditional write won. */
const isConflict = (error: unknown): boolean => statusOf(error) === 412 || statusOf(error) === 409;

/** An object's content as clients decode it. */
async function decoded(bytes: Uint8Array, encoding: string | undefined): Promise<Buffer> {
  if (encoding === 'br') return unbrotli(bytes);
  if (encoding === 'gzip') return unzip(bytes);
  return Buffer.from(bytes);
}
