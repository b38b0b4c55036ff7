import type Router from '@koa/router';
import type { Context } from 'koa';
import { OPERATIONS_MESSAGES } from '@shop/contracts/operations';
import { BodyTooLargeError, readBodyWithin } from '@shop/server-kit/read-body';
import type { LoginLimits } from '../accounts/login-limits';
import { credentialsStamp, type OperatorStore, type SessionStore } from '../accounts/operator-store';
import { UNKNOWN_OPERATOR_HASH, verifyPassword } from '../accounts/passwords';
import { SESSION_COOKIE, SESSION_TTL_MS, setSessionCookie, type OperatorState } from './authentication';
import { loginPage } from './login-page';

export interface LoginDeps {
  operators: OperatorStore;
  sessions: SessionStore;
  limits: LoginLimits;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
}

function page(ctx: Context, status: number, options: Parameters<typeof loginPage>[0] = {}): void {
  ctx.status = status;
  ctx.type = 'html';
  ctx.body = loginPage(options);
}

/** GET and POST /operations/login (a form), POST /operations/logout. */
export function registerLoginRoutes(router: Router<OperatorState>, deps: LoginDeps): void {
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
    const wait = await deps.limits.attempt(name, address);
    if (wait !== null) {
      deps.log.warn({ operator: name, address }, 'operations login refused: too many attempts');
      ctx.set('Retry-After', String(wait));
      return page(ctx, 429, { error: OPERATIONS_MESSAGES.tooManyAttempts(wait), name });
    }
    const operator = name ? await deps.operators.find(name) : undefined;
    // An unknown name costs the same scrypt check as a wrong password: the answer's timing says nothing.
    const valid = await verifyPassword(password, operator?.passwordHash ?? UNKNOWN_OPERATOR_HASH);
    if (!operator || !valid) {
      deps.log.warn({ operator: name, address }, 'operations login failed');
      return page(ctx, 401, { error: OPERATIONS_MESSAGES.badCredentials, name });
    }
    await deps.limits.succeeded(name, address);
    // A new session id at each login (no fixation); the previous one, if any, ends.
    const previous = ctx.cookies.get(SESSION_COOKIE);
    if (previous && previous.length <= 100) await deps.sessions.delete(previous);
    setSessionCookie(ctx, await deps.sessions.create({ operator: operator.name, credentials: credentialsStamp(operator) }, SESSION_TTL_MS));
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
