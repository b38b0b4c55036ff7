import { describe, expect, it } from 'vitest';
import { deferred } from '@shop/contracts/deferred';
import { singleFlight } from './single-flight';

describe('singleFlight', () => {
  it('gives calls for a key in flight the same run, and other keys their own', async () => {
    const share = singleFlight<string>();
    const runs: string[] = [];
    const face = deferred<string>();
    const run = (key: string, answer: Promise<string>) => () => {
      runs.push(key);
      return answer;
    };
    const first = share('/shop/face', run('/shop/face', face.promise));
    const second = share('/shop/face', run('/shop/face', Promise.resolve('other')));
    const body = share('/shop/body', run('/shop/body', Promise.resolve('body')));
    face.resolve('face');
    expect(await Promise.all([first, second, body])).toEqual(['face', 'face', 'body']);
    expect(runs).toEqual(['/shop/face', '/shop/body']);
  });

  it('starts a new run once the last one has settled, whether it succeeded or failed', async () => {
    const share = singleFlight<number>();
    let runs = 0;
    const failing = deferred<number>();
    const first = share('k', () => (runs++, failing.promise));
    const joined = share('k', () => (runs++, Promise.resolve(0)));
    failing.reject(new Error('boom'));
    await expect(first).rejects.toThrow('boom');
    await expect(joined).rejects.toThrow('boom');
    expect(await share('k', () => (runs++, Promise.resolve(2)))).toBe(2);
    expect(runs).toBe(2);
  });
});
