/**
 * The fleet's backup store (backup-store.ts says why): s3rver over HTTPS on loopback, with the one bucket pgBackRest
 * writes to. Its objects are files under BACKUP_STORE_DIR, kept across `fleet down`, as a provider's bucket would be.
 */
import { readFileSync } from 'node:fs';
// @ts-expect-error s3rver 3.7 ships no types: what this file uses of it is declared below.
import s3rverModule from 's3rver';

const S3rver = s3rverModule as unknown as new (options: Record<string, unknown>) => { run(): Promise<{ port: number }>; close(): Promise<void> };

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const store = new S3rver({
  address: '127.0.0.1',
  port: Number(env('BACKUP_STORE_PORT')),
  directory: env('BACKUP_STORE_DIR'),
  key: readFileSync(env('BACKUP_STORE_KEY')),
  cert: readFileSync(env('BACKUP_STORE_CERT')),
  configureBuckets: [{ name: env('BACKUP_STORE_BUCKET') }],
  silent: true,
});

const { port } = await store.run();
console.log(`backup store on https://localhost:${port}/`);
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void store.close().then(() => process.exit(0)));
