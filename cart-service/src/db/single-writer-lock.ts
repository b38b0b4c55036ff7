import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { connect, createServer, type Server } from 'node:net';
import { join } from 'node:path';

export interface SingleWriterLock {
  release(): Promise<void>;
}

/** Another process holds the folder's lock: `holderPid` is what it answered ('unknown' when it could not say). */
export class DataFolderInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly holderPid: string,
  ) {
    super(
      `The data folder ${dir} is in use by another cart-service (pid ${holderPid}). ` +
        'Run one process per data folder, or set DATABASE_URL so several instances share one PostgreSQL database.',
    );
    this.name = 'DataFolderInUseError';
  }
}

/**
 * The embedded database is written by one process only. The lock is a Unix socket this process listens on: the kernel
 * closes it the instant the process dies (even `kill -9`, even while the dead process is still a zombie), and no
 * process id is ever compared, so a reused pid cannot hold it. On Linux the socket lives in the abstract namespace
 * (nothing on disk to go stale; binding is atomic). Elsewhere it is a socket file in the folder: a file left by a
 * dead process refuses connections and is replaced. A second process is told the holder's pid.
 */
export async function lockSingleWriter(dir: string): Promise<SingleWriterLock> {
  const real = realpathSync(dir);
  const abstract = process.platform === 'linux';
  const address = abstract ? `\0maison-argane-cart-service-${createHash('sha256').update(real).digest('hex').slice(0, 40)}` : join(real, 'cart-service.lock.sock');

  const server = createServer((socket) => socket.end(`${process.pid}\n`));
  try {
    await listen(server, address);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    const holder = await askHolder(address);
    if (holder !== undefined) throw new DataFolderInUseError(dir, holder);
    if (abstract) throw error;
    await rm(address, { force: true }); // a socket file whose process is gone
    await listen(server, address).catch((again: NodeJS.ErrnoException) => {
      throw again.code === 'EADDRINUSE' ? new DataFolderInUseError(dir, 'unknown') : again;
    });
  }
  server.unref(); // the lock never keeps the process alive
  return {
    release: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}

function listen(server: Server, address: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(address, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** The holder's pid, or undefined when nothing answers (the socket is stale). */
function askHolder(address: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = connect(address);
    let answer = '';
    socket.setTimeout(2000, () => socket.destroy());
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('end', () => resolve(answer.trim() || 'unknown'));
    socket.on('error', () => resolve(undefined));
    socket.on('close', () => resolve(answer ? answer.trim() : undefined));
  });
}
