import { afterEach, describe, expect, it, vi } from 'vitest';
import { redisForFile } from '../../test-support/for-file';
import { LOGIN_LIMITS, SHOP_SPENT_KNOWN_MS, loginLimits, type LoginLimitSettings } from './login-limits';

/** Small limits, so a test reaches them in a few attempts. */
const small = (shopPerMinute: number, perAddress = 20): LoginLimitSettings => ({
  ...LOGIN_LIMITS,
  perAddress: { points: perAddress, durationSeconds: 15 * 60 },
  shopPerMinute: { points: shopPerMinute, durationSeconds: 60 },
});

const refused = (verdict: { refusedFor: number } | { delayMs: number }) => ('refusedFor' in verdict ? verdict.refusedFor : null);

describe('login limits in one shell’s memory', () => {
  afterEach(() => void vi.useRealTimers());

  it('counts no refused attempt: an address refused while the shop’s budget was spent has its whole budget once the minute is over', async () => {
    vi.useFakeTimers();
    const limits = loginLimits(undefined, small(2, 3));
    expect(refused(await limits.untrusted('robot-1', '10.0.0.1'))).toBeNull();
    expect(refused(await limits.untrusted('robot-2', '10.0.0.2'))).toBeNull();
    for (let i = 0; i < 10; i++) expect(refused(await limits.untrusted('amina', '203.0.113.7'))).toBe(60);
    vi.advanceTimersByTime(61_000);
    for (let i = 0; i < 2; i++) expect(refused(await limits.untrusted('amina', '203.0.113.7'))).toBeNull();
  });

  it('an address past its own limit does not spend the shop’s budget for everyone else', async () => {
    const limits = loginLimits(undefined, small(5, 2));
    for (let i = 0; i < 2; i++) expect(refused(await limits.untrusted(`robot-${i}`, '10.0.0.1'))).toBeNull();
    for (let i = 0; i < 20; i++) expect(refused(await limits.untrusted(`robot-${i}`, '10.0.0.1'))).toBeGreaterThan(60);
    for (let i = 0; i < 3; i++) expect(refused(await limits.untrusted('amina', `198.51.100.${i}`))).toBeNull();
  });

  it('answers what is left of the shop’s minute, and a successful login here gives its point back at once', async () => {
    vi.useFakeTimers();
    const limits = loginLimits(undefined, small(2));
    await limits.untrusted('robot-1', '10.0.0.1');
    await limits.untrusted('amina', '192.0.2.1');
    vi.advanceTimersByTime(20_000);
    expect(refused(await limits.untrusted('robot-2', '10.0.0.2'))).toBe(40);
    await limits.succeeded('amina', '192.0.2.1', null);
    expect(refused(await limits.untrusted('robot-3', '10.0.0.3'))).toBeNull();
  });
});

describe('login limits in Redis (every shell counts the same attempts)', () => {
  const redis = redisForFile();
  const commandsSoFar = async (client: ReturnType<typeof redis.client>) => Number(/total_commands_processed:(\d+)/.exec(await client.info('stats'))?.[1]);

  it('refuses a flood from new addresses while the shop’s budget is spent with no round trip and no key left behind', async () => {
    const prefix = redis.prefix('login');
    const limits = loginLimits({ client: redis.client(), prefix }, small(2));
    const observer = redis.client();
    await limits.untrusted('robot-1', '10.0.0.1');
    await limits.untrusted('robot-2', '10.0.0.2');
    // The first refusal looks at the store and learns the budget is spent.
    expect(refused(await limits.untrusted('robot-3', '10.0.0.3'))).toBeGreaterThan(58);
    const keys = (await observer.keys(`${prefix}*`)).sort();
    const before = await commandsSoFar(observer);
    for (let i = 0; i < 200; i++) expect(refused(await limits.untrusted(`robot-${i}`, `10.1.${i}.9`))).toBeGreaterThan(58);
    // Only the observer's own INFO ran in between.
    expect((await commandsSoFar(observer)) - before).toBe(1);
    expect((await observer.keys(`${prefix}*`)).sort()).toEqual(keys);
    // Past what a shell keeps of it, the store is asked again (another shell's success may have given a point back).
    await new Promise((resolve) => setTimeout(resolve, SHOP_SPENT_KNOWN_MS + 50));
    const later = await commandsSoFar(observer);
    expect(refused(await limits.untrusted('robot-x', '10.2.0.9'))).toBeGreaterThan(55);
    expect((await commandsSoFar(observer)) - later).toBeGreaterThan(1);
    expect((await observer.keys(`${prefix}*`)).sort()).toEqual(keys);
  });
});
