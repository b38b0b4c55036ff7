import type { Context, Middleware } from 'koa';
import { OPERATIONS_MESSAGES } from '@shop/contracts/operations';
import type { OperatorRole } from '@shop/contracts/operator-roles';
import type { RemoteName } from '@shop/contracts/remotes';
import { OperationsError } from './operations-error';

export const SESSION_COOKIE = 'operations_session';
/** A console session lasts a working day. */
export const SESSION_TTL_MS = 8 * 60 * 60 * 1000;

export interface OperatorState {
  /** The operator, or the team token's name. */
  operator?: string;
  /** Set for a team token (decision 030): the one remote it may act on; team-scope.ts allows it a team's routes only. */
  team?: RemoteName;
  /** The operator's roles (decision 042), read with the account at each request; role-scope.ts allows routes by them. */
  roles?: readonly OperatorRole[];
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

/** An account as a request sees it: its name, its roles (none for a team token) and a team token's remote. */
export interface Identity {
  name: string;
  roles: readonly OperatorRole[];
  team?: RemoteName;
}

/** Whose an API token or a console session is (accounts/identities.ts answers; the composition root wires it in). */
export interface Identities {
  /** The account an API token belongs to: an operator, or a team token with its remote. */
  byToken(token: string): Promise<Identity | undefined>;
  /** The operator of a console session that is still valid. */
  bySession(id: string): Promise<Identity | undefined>;
}

/**
 * Who is asking: a script's `Authorization: Bearer <API token>` or the console's session cookie; nobody otherwise. A
 * request with an `Authorization` header is judged by it alone (a wrong or malformed one is nobody, whatever cookie
 * comes with it): that is what lets such a request skip the origin check (same-origin.ts).
 */
export function identifyOperator(identities: Identities): Middleware<OperatorState> {
  return async (ctx, next) => {
    const authorization = ctx.get('Authorization');
    let account: Identity | undefined;
    if (authorization !== '') {
      const bearer = /^Bearer ([A-Za-z0-9_-]{10,200})$/.exec(authorization)?.[1];
      account = bearer ? await identities.byToken(bearer) : undefined;
    } else {
      const id = ctx.cookies.get(SESSION_COOKIE);
      if (id && id.length <= 100) account = await identities.bySession(id);
    }
    ctx.state.operator = account?.name;
    ctx.state.team = account?.team;
    ctx.state.roles = account?.roles;
    return next();
  };
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
