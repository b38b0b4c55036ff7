import { serverOnReleaseHostsForFile } from '@shop/release-control/test-support/for-file';
import { startOperationsShell, type FakeReleaseHosts, type OperationsShell } from './operations-shell';

/**
 * For a test file about one shell with its console: fake release hosts and the shell started before its tests,
 * closed after them. Read `shell` and `releases` inside tests (they exist once the file's beforeAll has run).
 */
export function operationsShellForFile(
  options: Omit<Parameters<typeof startOperationsShell>[0], 'releases'> = {},
): { readonly shell: OperationsShell; readonly releases: FakeReleaseHosts } {
  const started = serverOnReleaseHostsForFile('operationsShellForFile', (releases) => startOperationsShell({ ...options, releases }));
  return {
    get shell() {
      return started.server;
    },
    get releases() {
      return started.releases;
    },
  };
}
