import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { newDataDir } from '../test-support/databases';
import { startServiceProcess, type ServiceProcess } from '../test-support/service-process';
import { lockSingleWriter } from './single-writer-lock';

describe('one writer per embedded database', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('refuses a second holder in this process until the first releases', async () => {
    const dir = await newDataDir();
    cleanups.push(dir.remove);
    const first = await lockSingleWriter(dir.path);
    await expect(lockSingleWriter(dir.path)).rejects.toThrow(`in use by another cart-service (pid ${process.pid})`);
    await first.release();
    const again = await lockSingleWriter(dir.path);
    await again.release();
  });

  it('refuses a second cart-service on the same folder, starts again at once after kill -9, and ignores a stale pid file naming a live process', { timeout: 60_000 }, async () => {
    const dir = await newDataDir();
    cleanups.push(dir.remove);
    const env = { CART_DATA_DIR: dir.path, SESSION_KEYS: 'lock-test-session-key-0123456789-abcdefghij' };
    const first: ServiceProcess = await startServiceProcess(env);
    cleanups.push(() => first.kill9());
    await expect(startServiceProcess(env)).rejects.toThrow(`is in use by another cart-service (pid ${first.child.pid})`);

    await first.kill9();
    // A lock file from an older release, naming a process that is alive (a reused pid: here, this test runner).
    await writeFile(join(dir.path, 'cart-service.lock'), `${process.pid}\n`);
    const second = await startServiceProcess(env); // immediately: nothing to wait for, nothing to delete by hand
    cleanups.push(() => second.kill9());
    expect((await fetch(`${second.url}/readyz`)).status).toBe(200);
  });
});
