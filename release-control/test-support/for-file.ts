import type { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { startRedis, type TestRedis } from './redis-server';
import { startReleaseControlServer } from './release-control-server';
import { startReleaseHosts, type FakeReleaseHosts } from './release-hosts';

/** A fixture's value, which exists once the file's beforeAll has run: a test that reads it earlier is told so. */
export const startedBy =
  (fixture: string) =>
  <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error(`${fixture}: used before its beforeAll ran`);
    return value;
  };

/**
 * Fake release hosts and a server started on them before a test file's tests, both closed after them. Read `server`
 * and `releases` inside tests (they exist once the file's beforeAll has run).
 */
export function serverOnReleaseHostsForFile<Server extends { close(): Promise<void> }>(
  fixture: string,
  start: (releases: FakeReleaseHosts) => Promise<Server>,
): { readonly server: Server; readonly releases: FakeReleaseHosts } {
  let releases: FakeReleaseHosts | undefined;
  let server: Server | undefined;
  beforeAll(async () => {
    releases = await startReleaseHosts();
    server = await start(releases);
  });
  afterAll(async () => {
    await server?.close();
    await releases?.close();
  });
  const started = startedBy(fixture);
  return {
    get server() {
      return started(server);
    },
    get releases() {
      return started(releases);
    },
  };
}

/** For a test file about release control's API: release control alone over HTTP on fake release hosts. */
export const releaseControlForFile = (options: Omit<Parameters<typeof startReleaseControlServer>[0], 'releases'> = {}) =>
  serverOnReleaseHostsForFile('releaseControlForFile', (releases) => startReleaseControlServer({ ...options, releases }));

/**
 * A throwaway redis-server started before a test file's tests and stopped after them, for stores' contract suites: each
 * `prefix()` is a new key prefix, so every store a test opens starts empty.
 */
export function redisForFile(): { client(): Redis; prefix(name?: string): string } {
  let redis: TestRedis | undefined;
  let prefixes = 0;
  beforeAll(async () => {
    redis = await startRedis();
  }, 20_000);
  afterAll(() => redis?.stop());
  const started = startedBy('redisForFile');
  return {
    client: () => started(redis).client(),
    prefix: (name = 'test') => `${name}${++prefixes}:`,
  };
}
