import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * What systemd does for deploy/'s maison-argane-renderer.socket (`Accept=yes`), here in the test's process: listens on
 * a Unix socket and, for each connection, starts `command` with that connection as file descriptor 3 and an
 * environment of NODE_ENV alone. The started hosts are this process's children.
 */
export async function socketActivation(command: readonly string[]): Promise<{ socketPath: string; hosts: ChildProcess[]; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'shop-renderer-socket-'));
  const socketPath = join(dir, 'renderer.sock');
  const hosts: ChildProcess[] = [];
  // Paused: the connection's bytes are the host's to read, not this process's.
  const server = createServer({ pauseOnConnect: true }, (connection) => {
    const host = spawn(command[0]!, command.slice(1), { cwd: dir, env: { NODE_ENV: 'production' }, stdio: ['ignore', 'inherit', 'inherit', connection] });
    hosts.push(host);
    // The host holds its own descriptor of the connection; this one is closed without shutting the connection down.
    host.once('spawn', () => connection.destroy());
  });
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  return {
    socketPath,
    hosts,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
