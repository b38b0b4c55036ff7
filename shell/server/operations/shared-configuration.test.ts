import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RevisionResponse } from '@shop/contracts/operations';
import { startRedis, type TestRedis } from '../test-support/redis-server';
import { startOperationsShell, startReleaseHosts, type FakeReleaseHosts, type OperationsShell } from '../test-support/operations-shell';

let redis: TestRedis;
let releases: FakeReleaseHosts;
const shells: OperationsShell[] = [];
beforeAll(async () => {
  [redis, releases] = await Promise.all([startRedis(), startReleaseHosts()]);
}, 20_000);
afterAll(async () => {
  await Promise.all(shells.map((shell) => shell.close()));
  await Promise.all([redis?.stop(), releases?.close()]);
});

const cartEntry = async (url: string) =>
  ((await (await fetch(`${url}/remotes.json`)).json()) as { remotes: Array<{ name: string; entry: string }> }).remotes.find((r) => r.name === 'mf_cart')?.entry;

it('two shells sharing one Redis: a switch made through one is served by the other within 1 s, and operators are shared', async () => {
  const a = await startOperationsShell({ releases, redisUrl: redis.url, redisPrefix: 'two-shells:', operator: 'amina' });
  shells.push(a);
  const b = await startOperationsShell({ releases, redisUrl: redis.url, redisPrefix: 'two-shells:', operator: 'youssef' });
  shells.push(b);

  const started = performance.now();
  const switched = await fetch(`${a.url}/operations/api/switch`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${a.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ remote: 'mf_cart', entry: releases.entry('mf_cart', '1.0.1'), expectedRevision: 1, reason: 'deux instances' }),
  });
  expect(switched.status).toBe(200);
  expect(((await switched.json()) as RevisionResponse).revision.revision).toBe(2);
  while ((await cartEntry(b.url)) !== releases.entry('mf_cart', '1.0.1')) {
    expect(performance.now() - started).toBeLessThan(1000);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  // Youssef was added through the second shell; his token works on the first, and the history is the same on both.
  const history = await fetch(`${a.url}/operations/api/history`, { headers: { Authorization: `Bearer ${b.token}` } });
  expect(history.status).toBe(200);
  expect(((await history.json()) as { revisions: Array<{ by: string }> }).revisions.map((r) => r.by)).toEqual(['amina', 'remotes.json']);

  // B's stale form (revision 1) is refused across processes.
  const stale = await fetch(`${b.url}/operations/api/switch`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${b.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ remote: 'mf_cart', entry: releases.entry('mf_cart', '1.0.0'), expectedRevision: 1 }),
  });
  expect(stale.status).toBe(409);
});
