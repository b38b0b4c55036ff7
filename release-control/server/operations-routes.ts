import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Router from '@koa/router';
import type { Middleware } from 'koa';
import { GENERIC_MESSAGES } from '@shop/server-kit/api-error';
import { builtFiles } from '@shop/server-kit/cache-control';
import { accountIdentities } from './accounts/identities';
import { registerLoginRoutes, type LoginDeps } from './accounts/login-routes';
import { registerOperatorRoutes } from './accounts/operator-routes';
import { registerCanaryRoutes } from './canary/canary-routes';
import { registerCatalogueRoutes } from './catalogue/catalogue-routes';
import { registerCatalogueCsvRoutes } from './catalogue/catalogue-csv-routes';
import { identifyOperator, requireOperator, type OperatorState } from './http/authentication';
import { OperationsError, operationsErrors } from './http/operations-error';
import { sameOriginOnly } from './http/same-origin';
import { roleScope } from './http/role-scope';
import { teamScope } from './http/team-scope';
import { registerRevisionRoutes, type RevisionDeps } from './live-config/revision-routes';
import { registerOrderRoutes, type OrderDeps } from './orders/order-routes';
import { registerPreviewRoutes, type PreviewDeps } from './previews/preview-routes';
import { registerReleaseRoutes, type ReleaseDeps } from './releases/release-routes';
import { registerTeamRoutes } from './teams/team-routes';

export interface OperationsOptions
  extends LoginDeps,
    Omit<RevisionDeps, 'log'>,
    Omit<OrderDeps, 'log'>,
    Omit<PreviewDeps, 'log'>,
    Omit<ReleaseDeps, 'log' | 'candidateRefusals'> {
  /** The console's own build (shell/rsbuild.config.ts, environment `operations`): index.html and static/. */
  consoleDir: string;
  publicUrl: string;
  log: LoginDeps['log'] & { error(object: object, message: string): void };
}

const PREFIX = '/operations';

/**
 * Everything under /operations (decision 020): the login page, the console (its own build, not a federated remote, so
 * it works while remotes are down) and its JSON API, each feature's routes registered here, behind the one plumbing
 * (http/). Nothing here is cached or indexed; nothing but the login page answers without an operator; nothing changes
 * state from another site's page.
 */
export function operationsRoutes(options: OperationsOptions): Middleware {
  const router = operationsRouter(options);
  const consolePage = readFile(join(options.consoleDir, 'index.html'), 'utf8').catch(() => null);
  router.get([PREFIX, `${PREFIX}/`], requireOperator('page'), async (ctx) => {
    const html = await consolePage;
    if (!html) throw new OperationsError(503, 'unavailable', 'La console n’est pas construite : lancez « pnpm build ».');
    ctx.type = 'html';
    ctx.body = html;
  });
  const consoleFiles = builtFiles(options.consoleDir, { index: false });

  const chain: Middleware<OperatorState>[] = [
    operationsErrors(options.log),
    sameOriginOnly(options.publicUrl),
    identifyOperator(accountIdentities(options.operators, options.sessions)),
    apiGuards(),
    async (ctx, next) => {
      // The console's scripts and styles, for operators only; long-cached (content-hashed), never shared.
      if (!ctx.path.startsWith(`${PREFIX}/static/`) || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
      if (!ctx.state.operator) throw new OperationsError(401, 'unauthorized', 'Connexion requise.');
      const original = ctx.path;
      ctx.path = original.slice(PREFIX.length);
      try {
        await consoleFiles(ctx, async () => undefined);
      } finally {
        ctx.path = original;
      }
      if (ctx.body == null) throw new OperationsError(404, 'not_found', GENERIC_MESSAGES.notFound);
      ctx.set('Cache-Control', 'private, max-age=31536000, immutable');
    },
    router.routes() as Middleware<OperatorState>,
    router.allowedMethods({ throw: false }) as Middleware<OperatorState>,
  ];

  return async (ctx, next) => {
    if (ctx.path !== PREFIX && !ctx.path.startsWith(`${PREFIX}/`)) return next();
    ctx.set('Cache-Control', 'no-store');
    ctx.set('X-Robots-Tag', 'noindex, nofollow');
    const run = (i: number): Promise<void> => (i < chain.length ? Promise.resolve(chain[i]!(ctx as never, () => run(i + 1))) : Promise.resolve());
    await run(0);
  };
}

/**
 * Who may ask the API, for every path under it, before any route is looked up: an operator or a team token (401
 * otherwise), what a team token may ask (teamScope, decision 030), then what the operator's roles allow (roleScope,
 * decision 042). Checked ahead of the router, so a path that no route answers yet (a feature's routes still to come, a
 * typo) is refused as the route would be, never told apart by a 404.
 */
function apiGuards(): Middleware<OperatorState> {
  const [operator, team, role] = [requireOperator('api'), teamScope(), roleScope()];
  return (ctx, next) =>
    ctx.path === `${PREFIX}/api` || ctx.path.startsWith(`${PREFIX}/api/`) ? operator(ctx, () => team(ctx, () => role(ctx, next))) : next();
}

/**
 * The login and the API's routes, each feature's registered on one router (behind apiGuards). Exported so that
 * operations-routes.test.ts walks the routes served, not a list that could drift from them.
 */
export function operationsRouter(options: OperationsOptions): Router<OperatorState> {
  const router = new Router<OperatorState>();
  registerLoginRoutes(router, options);
  registerOperatorRoutes(router, options);
  registerRevisionRoutes(router, options);
  registerCanaryRoutes(router, options);
  registerOrderRoutes(router, options);
  registerCatalogueRoutes(router, options);
  registerCatalogueCsvRoutes(router, options);
  registerReleaseRoutes(router, { ...options, candidateRefusals: (releases) => options.previews.refusals(releases) });
  registerPreviewRoutes(router, options);
  registerTeamRoutes(router, options);
  return router;
}
