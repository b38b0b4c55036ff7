import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { s3ClientFor, type BucketSettings } from '@shop/server-kit/release-store/bucket-release-store';

/** A stored rendition: its bytes and its type. */
export interface StoredFile {
  bytes: Buffer;
  type: string;
}

/**
 * Where renditions are kept (decision 044): under `<key>/<file>`, the key made from the photo's content, so a file is
 * written once and never changes (pages cache it for a year, `immutable`).
 */
export interface PhotoStorage {
  readonly describe: string;
  put(key: string, file: string, bytes: Buffer, type: string): Promise<void>;
  /** The file, or undefined when there is none of that name. */
  get(key: string, file: string): Promise<StoredFile | undefined>;
}

export const PHOTO_KEY = /^[0-9a-f]{16}$/;
export const RENDITION_FILE = /^(?:\d{2,4}x\d{2,4}\.(?:avif|webp|jpg)|share\.jpg)$/;

const TYPES: Record<string, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' };
const typeOf = (file: string) => TYPES[file.split('.').at(-1)!] ?? 'application/octet-stream';

function checked(key: string, file: string): void {
  // Never a path of the caller's making: the routes check these too, this is the last line.
  if (!PHOTO_KEY.test(key) || !RENDITION_FILE.test(file)) throw new Error(`not a rendition: ${key}/${file}`);
}

/** The data directory (the default): `<dir>/<key>/<file>`, each written to a temporary name and renamed into place. */
export function folderPhotoStorage(dir: string): PhotoStorage {
  return {
    describe: dir,
    async put(key, file, bytes) {
      checked(key, file);
      await mkdir(join(dir, key), { recursive: true });
      const temporary = join(dir, key, `.${file}.${process.pid}.tmp`);
      await writeFile(temporary, bytes);
      await rename(temporary, join(dir, key, file));
    },
    async get(key, file) {
      checked(key, file);
      try {
        return { bytes: await readFile(join(dir, key, file)), type: typeOf(file) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
  };
}

/**
 * An S3-compatible bucket, with the SDK and variables the releases use (server-kit's s3ClientFor, AWS_*): its own
 * bucket, or its own prefix in the releases' one. Each object is stored with its type and a year's immutable cache.
 */
export function bucketPhotoStorage(settings: Pick<BucketSettings, 'bucket' | 'prefix' | 'endpoint' | 'region' | 'credentials'>, client: S3Client = s3ClientFor(settings)): PhotoStorage {
  const base = settings.prefix ? `${settings.prefix}/` : '';
  return {
    describe: `s3://${settings.bucket}/${base}`,
    async put(key, file, bytes, type) {
      checked(key, file);
      await client.send(
        new PutObjectCommand({ Bucket: settings.bucket, Key: `${base}${key}/${file}`, Body: bytes, ContentType: type, CacheControl: 'public, max-age=31536000, immutable' }),
      );
    },
    async get(key, file) {
      checked(key, file);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: `${base}${key}/${file}` }));
        return { bytes: Buffer.from(await answer.Body!.transformToByteArray()), type: answer.ContentType ?? typeOf(file) };
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (status === 404 || (error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
  };
}
