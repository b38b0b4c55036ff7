import { expect, it } from 'vitest';
import type { RevisionResponse } from '@shop/contracts/operations';
import { PASSWORD } from '../test-support/operations-shell';
import { shellsOnOneRedis } from '../test-support/shells-on-one-redis';

const shells = shellsOnOneRedis();

const cartEntry = async (url: string) =>
  ((await (await fetch(`${url}/remotes.json`)).json()) as { remotes: Array<{ name: string; entry: string }> }).remotes.find((r) => r.name === 'mf_cart')?.entry;

it('two shells sharing one Redis: a switch made through one is served by the other (pushed by pub/sub, never polled), and operators are shared', async () => {
  const a = await shells.start({ redisPrefix: 'two-shells:', operator: 'amina' });
  const b = await shells.start({ redisPrefix: 'two-shells:', operator: 'youssef' });

  const started = performance.now();
  const switched = await fetch(`${a.url}/operations/api/switch`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${a.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ remote: 'mf_cart', entry: shells.releases.entry('mf_cart', '1.0.1'), expectedRevision: 1, reason: 'deux instances' }),
  });
  expect(switched.status).toBe(200);
  expect(((await switched.json()) as RevisionResponse).revision.revision).toBe(2);
  // Redis pushes the revision (nothing polls): milliseconds here. The bound holds on a loaded machine and is far below
  // what a missed message would cost (never seen until the next switch).
  while ((await cartEntry(b.url)) !== shells.releases.entry('mf_cart', '1.0.1')) {
    expect(performance.now() - started).toBeLessThan(10_000);
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
    body: JSON.stringify({ remote: 'mf_cart', entry: shells.releases.entry('mf_cart', '1.0.0'), expectedRevision: 1 }),
  });
  expect(stale.status).toBe(409);
});

it('two shells sharing one Redis: an operator removed through one loses the session it opened on the other', async () => {
  const a = await shells.start({ redisPrefix: 'two-shells-removal:', operator: 'amina' });
  const b = await shells.start({ redisPrefix: 'two-shells-removal:', operator: 'youssef' });
  const login = await fetch(`${b.url}/operations/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: b.url },
    body: new URLSearchParams({ name: 'youssef', password: PASSWORD }),
  });
  const session = login.headers.get('set-cookie')!.split(';')[0]!;
  expect((await fetch(`${a.url}/operations/api/session`, { headers: { Cookie: session } })).status).toBe(200);
  const removed = await fetch(`${a.url}/operations/api/operators/youssef`, { method: 'DELETE', headers: { Authorization: `Bearer ${a.token}` } });
  expect(removed.status).toBe(200);
  for (const shell of [a, b]) {
    expect((await fetch(`${shell.url}/operations/api/session`, { headers: { Cookie: session } })).status).toBe(401);
    expect((await fetch(`${shell.url}/operations/api/state`, { headers: { Authorization: `Bearer ${b.token}` } })).status).toBe(401);
  }
});
