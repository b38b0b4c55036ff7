import { afterAll, beforeAll } from 'vitest';
import { startedBy } from '@shop/release-control/test-support/for-file';
import { startOperationsShell, startReleaseHosts, type FakeReleaseHosts, type OperationsShell } from './operations-shell';

type ShellOptions = Omit<Parameters<typeof startOperationsShell>[0], 'releases'>;

/**
 * For a test file about one shell with its console: fake release hosts and the shell started before its tests,
 * closed after them. Read `shell` and `releases` inside tests (they exist once the file's beforeAll has run).
 */
export function operationsShellForFile(options: ShellOptions = {}): { readonly shell: OperationsShell; readonly releases: FakeReleaseHosts } {
  let releases: FakeReleaseHosts | undefined;
  let shell: OperationsShell | undefined;
  beforeAll(async () => {
    releases = await startReleaseHosts();
    shell = await startOperationsShell({ ...options, releases });
  });
  afterAll(async () => {
    await shell?.close();
    await releases?.close();
  });
  const started = startedBy('operationsShellForFile');
  return {
    get shell() {
      return started(shell);
    },
    get releases() {
      return started(releases);
    },
  };
}
