import { afterAll, beforeAll } from 'vitest';
import { startedBy } from '@shop/release-control/test-support/for-file';
import { startRedis, type TestRedis } from '@shop/release-control/test-support/redis-server';
import { startOperationsShell, startReleaseHosts, type FakeReleaseHosts, type OperationsShell } from './operations-shell';

type ShellOptions = Omit<Parameters<typeof startOperationsShell>[0], 'releases' | 'redisUrl'>;

export interface ShellsOnOneRedis {
  /** The fake release hosts every shell of the file checks releases against. */
  readonly releases: FakeReleaseHosts;
  /** A real shell server over HTTP whose live configuration is in the file's redis-server; closed after the file. */
  start(options?: ShellOptions): Promise<OperationsShell>;
}

/**
 * For a test file about several shells sharing one live configuration: a real redis-server and fake release hosts
 * started before its tests, and every shell it starts closed after them.
 */
export function shellsOnOneRedis(): ShellsOnOneRedis {
  let redis: TestRedis | undefined;
  let releases: FakeReleaseHosts | undefined;
  const shells: OperationsShell[] = [];
  beforeAll(async () => {
    [redis, releases] = await Promise.all([startRedis(), startReleaseHosts()]);
  }, 20_000);
  afterAll(async () => {
    await Promise.all(shells.map((shell) => shell.close()));
    await Promise.all([redis?.stop(), releases?.close()]);
  });
  const started = startedBy('shellsOnOneRedis');
  return {
    get releases() {
      return started(releases);
    },
    async start(options = {}) {
      const shell = await startOperationsShell({ ...options, releases: started(releases), redisUrl: started(redis).url });
      shells.push(shell);
      return shell;
    },
  };
}
