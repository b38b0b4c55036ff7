import type { Context, Middleware } from 'koa';
import { OPERATIONS_MESSAGES } from '@shop/contracts/operations';
import type { RemoteName } from '@shop/contracts/remotes';
import { credentialsStamp, type OperatorStore, type Session, type SessionStore } from '../accounts/operator-store';
import { OperationsError } from './operations-error';

export const SESSION_COOKIE = 'operations_session';
/** A console session lasts a working day. */
export const SESSION_TTL_MS = 8 * 60 * 60 * 1000;

export interface OperatorState {
  /** The operator, or the team token's name. */
  operator?: string;
  /** Set for a team token (decision 030): the one remote it may act on; team-scope.ts allows it a team's routes only. */
  team?: RemoteName;
}

/** The cookie of a session: HttpOnly, SameSite=Strict, Secure over HTTPS (behind a trusted proxy), only for /operations. */
export function setSessionCookie(ctx: Context, id: string | null): void {
  ctx.cookies.set(SESSION_COOKIE, id, {
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.protocol === 'https',
    path: '/operations',
    maxAge: id ? SESSION_TTL_MS : 0,
    overwrite: true,
  });
}

/**
 * Who is asking: a script's `Authorization: Bearer <API token>` or the console's session cookie; nobody otherwise. A
 * request with an `Authorization` header is judged by it alone (a wrong or malformed one is nobody, whatever cookie
 * comes with it): that is what lets such a request skip the origin check (same-origin.ts).
 */
export function identifyOperator(operators: OperatorStore, sessions: SessionStore): Middleware<OperatorState> {
  return async (ctx, next) => {
    const authorization = ctx.get('Authorization');
    if (authorization !== '') {
      const bearer = /^Bearer ([A-Za-z0-9_-]{10,200})$/.exec(authorization)?.[1];
      const account = bearer ? await operators.findByToken(bearer) : undefined;
      ctx.state.operator = account?.name;
      ctx.state.team = account?.team?.remote;
    } else {
      const id = ctx.cookies.get(SESSION_COOKIE);
      const session = id && id.length <= 100 ? await sessions.find(id) : undefined;
      if (session) ctx.state.operator = await stillValid(session, operators);
    }
    return next();
  };
}

/**
 * The session's operator while its credentials are those it was opened with: a password renewed with `operators add`
 * or an operator removed ends every session at its next request, on every shell (the store is shared).
 */
async function stillValid(session: Session, operators: OperatorStore): Promise<string | undefined> {
  const record = await operators.find(session.operator);
  return record && credentialsStamp(record) === session.credentials ? record.name : undefined;
}

/** The API answers 401 to nobody (with the header a script expects); pages send the browser to the login page. */
export function requireOperator(kind: 'api' | 'page'): Middleware<OperatorState> {
  return async (ctx, next) => {
    if (ctx.state.operator) return next();
    if (kind === 'page') {
      ctx.redirect('/operations/login');
      return;
    }
    throw new OperationsError(401, 'unauthorized', OPERATIONS_MESSAGES.unauthorized, {}, { 'WWW-Authenticate': 'Bearer' });
  };
}
