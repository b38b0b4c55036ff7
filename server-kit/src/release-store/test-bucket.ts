import { mkdtemp, rm } from 'node:fs/promises';
import type { Server as HttpServer } from 'node:http';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import {
  CreateBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutBucketCorsCommand,
  PutObjectCommand,
  type S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
// @ts-expect-error s3rver 3.7 ships no types: what this file uses of it is declared below.
import s3rverModule from 's3rver';
import { DEFAULT_SHOP_ORIGIN } from '@shop/contracts/ports';
import { createBucketReleaseStore, s3ClientFor, type BucketSettings } from './bucket-release-store';
import type { ReleaseStore } from './release-store';

/**
 * The SDK warns once per process that its releases after January 2027 need Node 22 (the pinned one runs on Node 20, the
 * README's library table says so): said to a team's CI, it is noise in every test's output.
 */
const QUIET_SDK = 'AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED';
process.env[QUIET_SDK] ??= 'true';

/** s3rver's own account: it checks the access key exists (not V4 signatures). */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const REGION = 'us-east-1';

/** What this file uses of s3rver (3.7, CommonJS, untyped). */
interface S3rver {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer?: HttpServer;
}
const S3rverServer = s3rverModule as unknown as new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
}) => S3rver;

export interface TestBucketOptions {
  /** Origins the bucket's CORS rules allow to GET and HEAD (browsers fetch manifests, load scripts `crossorigin`). */
  allowedOrigins?: readonly string[];
  /** The bucket's name (default `releases`). */
  bucket?: string;
  /** RELEASES_PREFIX (default `boutique`; empty for none). */
  prefix?: string;
}

export interface TestBucket {
  /** The S3 API's address, loopback only: `http://127.0.0.1:<port>`. */
  endpoint: string;
  bucket: string;
  prefix: string;
  /** Where browsers fetch `<remote>/<version>/<file>`, path-style, prefix included (RELEASES_PUBLIC_URL). */
  publicBase: string;
  /** The variables a child process publishes with (release:publish, the shell reading releases from the bucket). */
  env: Record<string, string>;
  /** The bucket store's settings (s3rver's credentials included), for a store in this process. */
  settings: BucketSettings;
  /** A store on this bucket (default: the bucket's prefix), in this process; close it after. */
  store(options?: { prefix?: string; client?: S3Client }): ReleaseStore;
  /** A client of this bucket with its credentials (`extra`: a middleware's test may add options). Destroy it after. */
  client(extra?: S3ClientConfig): S3Client;
  /**
   * Overwrites the object at `key` (its full key in the bucket, e.g. `boutique/mf_cart/1.0.1/static/js/a.js`) as an
   * attacker with write access to the bucket would: `content` is what clients will decode, stored with the object's
   * Content-Type, Cache-Control and Content-Encoding (compressed again when it was br or gzip), so nothing but the
   * bytes gives it away. A missing object is created, as plain content.
   */
  tamper(key: string, content: Uint8Array | string): Promise<void>;
  /** Every object under `prefix` (default: all), by full key, with its ETag and size: to tell that nothing changed. */
  objects(prefix?: string): Promise<Array<{ key: string; etag: string; size: number }>>;
  /** Makes the bucket unreachable (connections refused, open ones cut), as an outage would; `resume()` undoes it. */
  stopServing(): Promise<void>;
  /** Answers again, at the same address. */
  resume(): Promise<void>;
  /** Stops it and deletes its files. */
  stop(): Promise<void>;
}

/**
 * An S3-compatible bucket on loopback for tests: s3rver (a real S3 API over a temporary folder, in this process) behind
 * a small TCP relay on 127.0.0.1, so that stopServing() can make it unreachable at a fixed address. CORS rules allow
 * GET and HEAD from `allowedOrigins` (default: the shop on localhost:3000).
 *
 * What s3rver honours, as a test relies on it: Content-Type, Content-Encoding and Cache-Control stored and answered;
 * CORS (a matched origin echoed, with credentials allowed; a preflight answers `*`); If-None-Match on GET. It ignores
 * If-None-Match and If-Match on PUT (the write happens whatever they say), and checks no V4 signature.
 */
export async function startTestBucket(options: TestBucketOptions = {}): Promise<TestBucket> {
  const bucket = options.bucket ?? 'releases';
  const prefix = options.prefix ?? 'boutique';
  const directory = await mkdtemp(join(tmpdir(), 'test-bucket-'));
  const s3rver = new S3rverServer({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port: s3rverPort } = await s3rver.run();

  // The relay: each connection piped to s3rver; while stopped, nothing listens.
  const sockets = new Set<Socket>();
  const relay = createServer((incoming) => {
    const outgoing = connect(s3rverPort, '127.0.0.1');
    for (const socket of [incoming, outgoing]) {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => {
        sockets.delete(socket);
        incoming.destroy();
        outgoing.destroy();
      });
    }
    incoming.pipe(outgoing).pipe(incoming);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      relay.once('error', reject);
      relay.listen(port, '127.0.0.1', () => {
        relay.off('error', reject);
        resolve((relay.address() as AddressInfo).port);
      });
    });
  const port = await listen(0);
  let serving = true;
  const stopServing = async () => {
    if (!serving) return;
    serving = false;
    const closed = new Promise((resolve) => relay.close(resolve));
    for (const socket of sockets) socket.destroy();
    await closed;
  };

  const endpoint = `http://127.0.0.1:${port}`;
  const publicBase = `${endpoint}/${bucket}${prefix ? `/${prefix}` : ''}`;
  const settings: BucketSettings = { bucket, prefix, publicBase, endpoint, region: REGION, credentials: CREDENTIALS };
  const client = (extra: S3ClientConfig = {}) => s3ClientFor(settings, extra);

  // The tests' own client talks to s3rver directly: it works while the bucket is not serving.
  const admin = s3ClientFor({ endpoint: `http://127.0.0.1:${s3rverPort}`, region: REGION, credentials: CREDENTIALS });
  await admin.send(new CreateBucketCommand({ Bucket: bucket }));
  const origins = options.allowedOrigins ?? [DEFAULT_SHOP_ORIGIN];
  if (origins.length > 0) {
    await admin.send(
      new PutBucketCorsCommand({
        Bucket: bucket,
        CORSConfiguration: { CORSRules: [{ AllowedOrigins: [...origins], AllowedMethods: ['GET', 'HEAD'], AllowedHeaders: ['*'], MaxAgeSeconds: 600 }] },
      }),
    );
  }

  return {
    endpoint,
    bucket,
    prefix,
    publicBase,
    settings,
    env: {
      AWS_ENDPOINT_URL_S3: endpoint,
      AWS_REGION: REGION,
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      RELEASES_BUCKET: bucket,
      RELEASES_PREFIX: prefix,
      RELEASES_PUBLIC_URL: publicBase,
      [QUIET_SDK]: 'true',
    },
    store(storeOptions = {}) {
      const storePrefix = storeOptions.prefix ?? prefix;
      const base = `${endpoint}/${bucket}${storePrefix ? `/${storePrefix}` : ''}`;
      return createBucketReleaseStore({ ...settings, prefix: storePrefix, publicBase: base }, storeOptions.client ?? client());
    },
    client,
    async tamper(key, content) {
      let head: { ContentType?: string | undefined; CacheControl?: string | undefined; ContentEncoding?: string | undefined } = {};
      try {
        head = await admin.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode !== 404) throw error;
      }
      const encoding = head.ContentEncoding;
      const body = encoding === 'br' ? brotliCompressSync(content) : encoding === 'gzip' ? gzipSync(content) : content;
      await admin.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ...(head.ContentType ? { ContentType: head.ContentType } : {}),
          ...(head.CacheControl ? { CacheControl: head.CacheControl } : {}),
          ...(encoding ? { ContentEncoding: encoding } : {}),
        }),
      );
    },
    async objects(under = '') {
      const found: Array<{ key: string; etag: string; size: number }> = [];
      let token: string | undefined;
      do {
        const page = await admin.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: under, ContinuationToken: token }));
        for (const object of page.Contents ?? []) found.push({ key: object.Key!, etag: object.ETag ?? '', size: object.Size ?? 0 });
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return found.sort((a, b) => a.key.localeCompare(b.key));
    },
    stopServing,
    async resume() {
      if (serving) return;
      await listen(port);
      serving = true;
    },
    async stop() {
      admin.destroy();
      await stopServing();
      s3rver.httpServer?.closeAllConnections();
      await s3rver.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
