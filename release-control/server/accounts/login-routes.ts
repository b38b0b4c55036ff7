import type Router from '@koa/router';
import type { Context } from 'koa';
import { OPERATIONS_MESSAGES } from '@shop/contracts/operations';
import { BodyTooLargeError, readBodyWithin } from '@shop/server-kit/read-body';
import { SESSION_COOKIE, SESSION_TTL_MS, setSessionCookie, type OperatorState } from '../http/authentication';
import { credentialsStamp, type OperatorStore, type SessionStore } from '../shared/operator-store';
import { UNKNOWN_OPERATOR_HASH, verifyPassword } from '../shared/passwords';
import type { LoginLimits } from './login-limits';
import { loginPage } from './login-page';
import { LoginRefusalLog } from './login-refusal-log';
import { ChecksBusyError, type PasswordChecks } from './password-checks';
import { TRUSTED_DEVICE_TTL_MS, type TrustedDevices } from './trusted-devices';

export interface LoginDeps {
  operators: OperatorStore;
  sessions: SessionStore;
  limits: LoginLimits;
  devices: TrustedDevices;
  checks: PasswordChecks;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
  /** Where refusals are counted and logged once per interval (by default on `log`, every 10 s). */
  refusalLog?: LoginRefusalLog;
  /** How a slowed-down attempt waits (a timer by default; a test records the waits instead of timing them). */
  pause?: (ms: number) => Promise<void>;
}

/** The cookie of a browser where an operator has logged in (trusted-devices.ts); only the login form reads it. */
export const DEVICE_COOKIE = 'operations_device';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The login page. Never compressed (`ctx.compress = false` is what the shell's koa-compress reads): it is under 2 kB,
 * and a brotli stream per answer made each of a flood's refusals cost several times what a static file costs.
 */
function page(ctx: Context, status: number, options: Parameters<typeof loginPage>[0] = {}): void {
  ctx.status = status;
  ctx.type = 'html';
  ctx.compress = false;
  ctx.body = loginPage(options);
}

/** GET and POST /operations/login (a form), POST /operations/logout. */
export function registerLoginRoutes(router: Router<OperatorState>, deps: LoginDeps): void {
  // A flood of wrong logins is hundreds of refusals a second: counted, and written as one line per interval.
  const refusals = deps.refusalLog ?? new LoginRefusalLog(deps.log);
  const pause = deps.pause ?? sleep;
  router.get('/operations/login', (ctx) => {
    if (ctx.state.operator) return ctx.redirect('/operations');
    page(ctx, 200);
  });

  router.post('/operations/login', async (ctx) => {
    let form: URLSearchParams;
    try {
      form = new URLSearchParams((await readBodyWithin(ctx.req, 4096)).toString('utf8'));
    } catch (error) {
      if (error instanceof BodyTooLargeError) return page(ctx, 413, { error: 'Formulaire trop volumineux.' });
      throw error;
    }
    const name = (form.get('name') ?? '').trim().slice(0, 64);
    const password = (form.get('password') ?? '').slice(0, 200);
    const address = ctx.ip || 'unknown';
    // A browser where this operator has logged in before is judged on its own attempts, not on everyone's.
    const deviceId = ctx.cookies.get(DEVICE_COOKIE);
    const device = deviceId && deviceId.length <= 100 && name && (await deps.devices.operatorOf(deviceId)) === name ? deviceId : null;
    const trusted = device !== null && (await deps.limits.trusted(device));
    if (!trusted) {
      const verdict = await deps.limits.untrusted(name, address);
      if ('refusedFor' in verdict) {
        refusals.refused('too-many-attempts', name, address);
        ctx.set('Retry-After', String(verdict.refusedFor));
        return page(ctx, 429, { error: OPERATIONS_MESSAGES.tooManyAttempts(verdict.refusedFor), name });
      }
      // Many wrong passwords for this account lately, from anywhere: slowed down, never refused.
      if (verdict.delayMs > 0) await pause(verdict.delayMs);
    }
    // A team token's account has no password: it is never a console login (decision 030).
    const account = name ? await deps.operators.find(name) : undefined;
    const operator = account?.team ? undefined : account;
    let valid: boolean;
    try {
      // An unknown name costs the same scrypt check as a wrong password: the answer's timing says nothing.
      valid = await deps.checks.run(() => verifyPassword(password, operator?.passwordHash ?? UNKNOWN_OPERATOR_HASH), { first: trusted });
    } catch (error) {
      if (!(error instanceof ChecksBusyError)) throw error;
      refusals.refused('checks-busy', name, address);
      ctx.set('Retry-After', '2');
      return page(ctx, 503, { error: OPERATIONS_MESSAGES.busy, name });
    }
    if (!operator || !valid) {
      // One line per failed check: the limits above let at most a few dozen a minute through, each worth reading.
      deps.log.warn({ operator: name, address, trusted }, 'operations login failed');
      return page(ctx, 401, { error: OPERATIONS_MESSAGES.badCredentials, name });
    }
    await deps.limits.succeeded(name, address, trusted ? device : null);
    // A new session id at each login (no fixation); the previous one, if any, ends.
    const previous = ctx.cookies.get(SESSION_COOKIE);
    if (previous && previous.length <= 100) await deps.sessions.delete(previous);
    setSessionCookie(ctx, await deps.sessions.create({ operator: operator.name, credentials: credentialsStamp(operator) }, SESSION_TTL_MS));
    if (!device) {
      ctx.cookies.set(DEVICE_COOKIE, await deps.devices.trust(operator.name), {
        httpOnly: true,
        sameSite: 'strict',
        secure: ctx.protocol === 'https',
        path: '/operations/login',
        maxAge: TRUSTED_DEVICE_TTL_MS,
        overwrite: true,
      });
    }
    deps.log.info({ operator: operator.name, address }, 'operations login');
    ctx.status = 303;
    ctx.redirect('/operations');
  });

  router.post('/operations/logout', async (ctx) => {
    const id = ctx.cookies.get(SESSION_COOKIE);
    if (id && id.length <= 100) await deps.sessions.delete(id);
    setSessionCookie(ctx, null);
    ctx.status = 303;
    ctx.redirect('/operations/login');
  });
}
