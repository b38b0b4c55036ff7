import { mkdir, open, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const heldInThisProcess = new Set<string>();

export interface DataDirLock {
  release(): Promise<void>;
}

/**
 * The file store is owned by one process: a second cart-service on the same data directory would overwrite the
 * first one's writes. The lock file holds the owner's pid; a lock left by a dead process is taken over.
 */
export async function lockDataDir(dir: string): Promise<DataDirLock> {
  await mkdir(dir, { recursive: true });
  const lockPath = join(dir, 'cart-service.lock');
  if (heldInThisProcess.has(lockPath)) {
    throw new Error(`The data directory ${dir} is already open in this process (close the previous store first).`);
  }
  const content = `${process.pid}\n`;
  try {
    const handle = await open(lockPath, 'wx', 0o600);
    await handle.writeFile(content);
    await handle.close();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const owner = Number.parseInt(await readFile(lockPath, 'utf8').catch(() => ''), 10);
    if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
      throw new Error(
        `The data directory ${dir} is in use by another cart-service (pid ${owner}). ` +
          'Run one process per data directory, or set REDIS_URL to share carts between instances.',
      );
    }
    await writeFile(lockPath, content, { mode: 0o600 });
  }
  heldInThisProcess.add(lockPath);
  return {
    async release() {
      if (!heldInThisProcess.delete(lockPath)) return;
      await rm(lockPath, { force: true });
    },
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
