import type Router from '@koa/router';
import { releaseVersionOf } from '@shop/contracts/operations';
import type { ReleaseCheckResult, RemoteReleases } from '@shop/contracts/previews';
import type { RemoteName, RemotesConfig } from '@shop/contracts/remotes';
import type { OperatorState } from '../http/authentication';
import { readJson } from '../http/operations-error';
import { entryField, remoteParam } from '../http/request-fields';
import { ownRemote } from '../http/team-scope';
import type { ReleaseDiscovery } from '../shared/release-discovery';

export interface ReleaseDeps {
  live: { readonly current: RemotesConfig };
  /** A remote's releases, beside its live one and in the release store (shared/release-discovery.ts). */
  discover: ReleaseDiscovery;
  /**
   * Why these releases cannot be previewed or switched to, one French sentence each: every check of a switch, and the
   * release must be one its server lists (previews/previews.ts).
   */
  candidateRefusals(releases: ReadonlyArray<{ remote: RemoteName; entry: string }>): Promise<string[]>;
  log: { info(object: object, message: string): void };
}

/**
 * A remote's releases (what its server offers, beside the live one) and the shop's checks of one (decision 030): what a
 * team's CI asks before it opens a preview. Team tokens reach these routes (team-scope.ts), each for its own remote.
 */
export function registerReleaseRoutes(router: Router<OperatorState>, deps: ReleaseDeps): void {
  router.get('/operations/api/remotes/:remote/releases', async (ctx) => {
    const remote = remoteParam(ctx.params['remote']);
    ownRemote(ctx.state, remote);
    const liveEntry = deps.live.current.remotes.find((r) => r.name === remote)!.entry;
    const { releases, error } = await deps.discover(remote, liveEntry);
    const body: RemoteReleases = {
      remote,
      live: { version: releaseVersionOf(liveEntry), entry: liveEntry },
      releases: releases.map(({ version, entry, builtAt }) => ({ version, entry, builtAt })),
      ...(error ? { error } : {}),
    };
    ctx.body = body;
  });

  router.post('/operations/api/remotes/:remote/checks', async (ctx) => {
    const remote = remoteParam(ctx.params['remote']);
    ownRemote(ctx.state, remote);
    const entry = entryField((await readJson(ctx))['entry']);
    const body: ReleaseCheckResult = { remote, entry, version: releaseVersionOf(entry), reasons: await deps.candidateRefusals([{ remote, entry }]) };
    deps.log.info({ by: ctx.state.operator, remote, entry, reasons: body.reasons }, 'release checked');
    ctx.body = body;
  });
}
