import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Router from '@koa/router';
import Koa from 'koa';
import { afterAll, describe, expect, it } from 'vitest';
import { OPERATIONS_MESSAGES } from '@shop/contracts/operations';
import { parseTrustProxy, trustedForwarding } from '@shop/server-kit/trusted-proxy';
import { listeningFirst } from '../../test-support/listening-first';
import { PASSWORD } from '../../test-support/test-release-control';
import type { OperatorState } from '../http/authentication';
import { addOperator } from './add-operator';
import { FileOperatorStore, MemorySessionStore } from './file-accounts';
import { LOGIN_LIMITS, loginLimits } from './login-limits';
import { LoginRefusalLog, type LoginRefusalSummary } from './login-refusal-log';
import { registerLoginRoutes } from './login-routes';
import { PasswordChecks } from './password-checks';
import { MemoryTrustedDevices } from './trusted-devices';

const servers: Array<{ close(): Promise<void> }> = [];
afterAll(() => Promise.all(servers.map((server) => server.close())));

/**
 * The login routes alone behind one trusted proxy (X-Forwarded-For names each attempt's address), with their log
 * captured and a response header telling whether the answer may be compressed (what the shell's koa-compress reads).
 */
async function loginServer(options: { shopPerMinute?: number; checks?: { concurrency: number; waiting: number } } = {}) {
  const lines: Array<{ object: Record<string, unknown>; message: string }> = [];
  const log = {
    info: () => undefined,
    warn: (object: object, message: string) => void lines.push({ object: object as Record<string, unknown>, message }),
  };
  const operators = new FileOperatorStore(join(await mkdtemp(join(tmpdir(), 'login-refusals-')), 'operators.json'));
  await addOperator(operators, 'amina', PASSWORD);
  const refusalLog = new LoginRefusalLog(log, { intervalMs: 60_000, topAccounts: 2, maxDistinct: 1000 });
  // The slowed-down attempts' waits, each with how many lines were logged before it (to tell it from the check's).
  const pauses: Array<{ ms: number; linesBefore: number }> = [];
  const pause = async (ms: number) => void pauses.push({ ms, linesBefore: lines.length });
  const router = new Router<OperatorState>();
  registerLoginRoutes(router, {
    operators,
    sessions: new MemorySessionStore(),
    limits: loginLimits(undefined, { ...LOGIN_LIMITS, shopPerMinute: { points: options.shopPerMinute ?? 3, durationSeconds: 60 } }),
    devices: new MemoryTrustedDevices(),
    checks: new PasswordChecks(options.checks),
    log,
    refusalLog,
    pause,
  });
  const app = new Koa();
  app.proxy = true;
  app.use(trustedForwarding(parseTrustProxy('1', 'none')));
  app.use(async (ctx, next) => {
    await next();
    ctx.set('X-Test-Compress', String(ctx.compress));
  });
  app.use(router.routes());
  const { url, serve } = await listeningFirst();
  servers.push(serve(app, { close: async () => refusalLog.flush() }));
  const login = (name: string, address: string) =>
    fetch(`${url}/operations/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': address, 'Accept-Encoding': 'gzip, deflate, br' },
      body: new URLSearchParams({ name, password: 'pas-le-bon-mot-de-passe' }),
    });
  return { lines, refusalLog, login, pauses };
}

describe('slowed-down logins', () => {
  it('past five attempts on an account from anywhere, each waits slowDownMs before its password is checked', async () => {
    const { lines, login, pauses } = await loginServer({ shopPerMinute: 100 });
    const before = LOGIN_LIMITS.perAccountBeforeSlowDown.points;
    for (let i = 0; i < before; i++) expect((await login('amina', `10.2.${i}.9`)).status).toBe(401);
    expect(pauses).toEqual([]);
    expect((await login('amina', '10.2.99.9')).status).toBe(401);
    // The wait comes before the check: the failed check's line was logged after it.
    expect(pauses).toEqual([{ ms: LOGIN_LIMITS.slowDownMs, linesBefore: before }]);
    expect(lines.map((line) => line.message)).toEqual(Array(before + 1).fill('operations login failed'));
    // Another account is not slowed by amina's.
    expect((await login('youssef', '10.2.100.9')).status).toBe(401);
    expect(pauses).toHaveLength(1);
  }, 20_000);
});

describe('refused logins', () => {
  it('are answered with the page uncompressed, the typed name kept, and logged once per interval with their counts, never once each', async () => {
    const { lines, refusalLog, login } = await loginServer({ shopPerMinute: 3 });
    const answers = [];
    for (let i = 0; i < 40; i++) answers.push(await login(`robot-${i % 10}`, `10.0.${i}.9`));
    expect(answers.map((answer) => answer.status)).toEqual([...Array(3).fill(401), ...Array(37).fill(429)]);
    for (const answer of answers) expect(answer.headers.get('x-test-compress')).toBe('false');
    const refused = answers[39]!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const page = await refused.text();
    expect(page).toContain(OPERATIONS_MESSAGES.tooManyAttempts(Number(refused.headers.get('retry-after'))));
    expect(page).toContain('value="robot-9"');
    // The three checked passwords have a line each (the limits let few through); the 37 refusals have none yet.
    expect(lines.map((line) => line.message)).toEqual(Array(3).fill('operations login failed'));
    refusalLog.flush();
    expect(lines).toHaveLength(4);
    const summary = lines[3]!.object as unknown as LoginRefusalSummary;
    expect(lines[3]!.message).toBe('operations logins refused');
    expect(summary).toMatchObject({ refused: 37, reasons: { 'too-many-attempts': 37 }, addresses: 37, accounts: 10 });
    expect(summary.topAccounts.map((top) => top.refused)).toEqual([4, 4]);
  }, 20_000);

  it('counts the refusals of a full queue of password checks in the same line', async () => {
    const { lines, refusalLog, login } = await loginServer({ shopPerMinute: 100, checks: { concurrency: 1, waiting: 1 } });
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => login('youssef', `10.1.${i}.9`)));
    const busy = answers.filter((answer) => answer.status === 503);
    expect(busy.length).toBeGreaterThanOrEqual(3);
    expect(await busy[0]!.text()).toContain(OPERATIONS_MESSAGES.busy);
    expect(lines.filter((line) => line.message !== 'operations login failed')).toEqual([]);
    refusalLog.flush();
    expect(lines.at(-1)!.object).toMatchObject({ refused: busy.length, reasons: { 'checks-busy': busy.length }, topAccounts: [{ account: 'youssef', refused: busy.length }] });
  }, 20_000);
});
