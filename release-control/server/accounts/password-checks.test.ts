import { describe, expect, it } from 'vitest';
import { deferred } from '@shop/contracts/deferred';
import { ChecksBusyError, PasswordChecks } from './password-checks';

describe('PasswordChecks', () => {
  it('runs one check at a time, lets a few wait, refuses the rest at once, and serves a trusted browser first', async () => {
    const checks = new PasswordChecks({ concurrency: 1, waiting: 2 });
    const order: string[] = [];
    const gate = deferred<void>();
    const first = checks.run(async () => {
      order.push('first');
      await gate.promise;
    });
    const second = checks.run(async () => void order.push('second'));
    const trusted = checks.run(async () => void order.push('trusted'), { first: true });
    await expect(checks.run(async () => void order.push('refused'))).rejects.toBeInstanceOf(ChecksBusyError);
    expect(order).toEqual(['first']);
    gate.resolve();
    await Promise.all([first, second, trusted]);
    expect(order).toEqual(['first', 'trusted', 'second']);
    // Once the queue has drained, checks run again at once.
    await checks.run(async () => void order.push('later'));
    expect(order.at(-1)).toBe('later');
  });

  it('frees its slot when a check throws', async () => {
    const checks = new PasswordChecks({ concurrency: 1, waiting: 0 });
    await expect(checks.run(async () => Promise.reject(new Error('scrypt failed')))).rejects.toThrow('scrypt failed');
    expect(await checks.run(async () => 'ok')).toBe('ok');
  });
});
