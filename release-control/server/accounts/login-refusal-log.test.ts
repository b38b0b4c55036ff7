import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginRefusalLog, type LoginRefusalSummary } from './login-refusal-log';

function capture() {
  const lines: Array<{ summary: LoginRefusalSummary; message: string }> = [];
  return { lines, log: { warn: (object: object, message: string) => lines.push({ summary: object as LoginRefusalSummary, message }) } };
}

describe('LoginRefusalLog', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('writes one line per interval with the counts, never one per refusal', () => {
    const { lines, log } = capture();
    const refusals = new LoginRefusalLog(log, { intervalMs: 10_000, topAccounts: 2, maxDistinct: 1000 });
    for (let i = 0; i < 600; i++) refusals.refused('too-many-attempts', `robot-${i % 3 === 0 ? 'a' : i}`, `127.0.${i % 250}.9`);
    for (let i = 0; i < 4; i++) refusals.refused('checks-busy', 'amina', '192.0.2.1');
    vi.advanceTimersByTime(9_999);
    expect(lines).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.message).toBe('operations logins refused');
    expect(lines[0]!.summary).toEqual({
      refused: 604,
      reasons: { 'too-many-attempts': 600, 'checks-busy': 4 },
      addresses: 251,
      accounts: 1 + 400 + 1,
      distinctCapped: false,
      topAccounts: [
        { account: 'robot-a', refused: 200 },
        { account: 'amina', refused: 4 },
      ],
      seconds: 10,
    });
  });

  it('starts each interval at its first refusal and stays silent while nobody is refused', () => {
    const { lines, log } = capture();
    const refusals = new LoginRefusalLog(log, { intervalMs: 10_000, topAccounts: 5, maxDistinct: 1000 });
    refusals.refused('too-many-attempts', 'amina', '203.0.113.7');
    vi.advanceTimersByTime(10_000);
    vi.advanceTimersByTime(60_000);
    expect(lines).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(5_000);
    refusals.refused('too-many-attempts', 'youssef', '203.0.113.8');
    refusals.refused('too-many-attempts', 'youssef', '203.0.113.8');
    vi.advanceTimersByTime(10_000);
    expect(lines).toHaveLength(2);
    expect(lines[1]!.summary).toMatchObject({ refused: 2, addresses: 1, accounts: 1, topAccounts: [{ account: 'youssef', refused: 2 }] });
  });

  it('keeps a bounded number of distinct addresses and accounts, and says when it stopped counting them', () => {
    const { lines, log } = capture();
    const refusals = new LoginRefusalLog(log, { intervalMs: 10_000, topAccounts: 1, maxDistinct: 100 });
    for (let i = 0; i < 5_000; i++) refusals.refused('too-many-attempts', `robot-${i}`, `10.${i >> 8}.${i & 255}.1`);
    refusals.refused('too-many-attempts', 'robot-7', '10.0.7.1');
    refusals.flush();
    expect(lines[0]!.summary).toMatchObject({ refused: 5_001, addresses: 100, accounts: 100, distinctCapped: true, topAccounts: [{ account: 'robot-7', refused: 2 }] });
    // A flush starts a new interval: nothing left to write, no timer left behind.
    refusals.flush();
    vi.advanceTimersByTime(60_000);
    expect(lines).toHaveLength(1);
  });
});
