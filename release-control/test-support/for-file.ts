import { afterAll, beforeAll } from 'vitest';
import { startReleaseControlServer, type ReleaseControlServer } from './release-control-server';
import { startReleaseHosts, type FakeReleaseHosts } from './release-hosts';

/** A fixture's value, which exists once the file's beforeAll has run: a test that reads it earlier is told so. */
export const startedBy =
  (fixture: string) =>
  <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error(`${fixture}: used before its beforeAll ran`);
    return value;
  };

type ServerOptions = Omit<Parameters<typeof startReleaseControlServer>[0], 'releases'>;

/**
 * For a test file about release control's API: fake release hosts and release control over HTTP started before its
 * tests, closed after them. Read `server` and `releases` inside tests (they exist once the file's beforeAll has run).
 */
export function releaseControlForFile(options: ServerOptions = {}): { readonly server: ReleaseControlServer; readonly releases: FakeReleaseHosts } {
  let releases: FakeReleaseHosts | undefined;
  let server: ReleaseControlServer | undefined;
  beforeAll(async () => {
    releases = await startReleaseHosts();
    server = await startReleaseControlServer({ ...options, releases });
  });
  afterAll(async () => {
    await server?.close();
    await releases?.close();
  });
  const started = startedBy('releaseControlForFile');
  return {
    get server() {
      return started(server);
    },
    get releases() {
      return started(releases);
    },
  };
}
