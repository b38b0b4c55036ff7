import type Router from '@koa/router';
import {
  OPERATIONS_MESSAGES,
  releaseVersionOf,
  type OperationsState,
  type RefusedAccessSeen,
  type RevisionHistory,
  type RevisionResponse,
} from '@shop/contracts/operations';
import { withRelease, type RemoteName, type RemotesConfig, type RemotesStatus } from '@shop/contracts/remotes';
import type { CanaryFigures, ReleaseFigures, RollbackRule } from '@shop/contracts/progressive-delivery';
import type { OperatorState } from '../http/authentication';
import { OperationsError, readJson } from '../http/operations-error';
import { reasonOf, remoteField, revisionNumber } from '../http/request-fields';
import { checkedCommit, type CommitDeps } from '../shared/checked-commit';
import type { ReleaseDiscovery } from '../shared/release-discovery';
import type { RevisionStore } from '../shared/revision-store';

export interface RevisionDeps extends CommitDeps {
  allowedOrigins: readonly string[];
  /** Each remote's releases for the console, beside its live one and in the release store. */
  discover: ReleaseDiscovery;
  status(): Promise<RemotesStatus>;
  /** How the running canary fares in browsers (canary/canary-watch.ts), and the rule it is judged by. */
  canaryFigures(config: RemotesConfig): Promise<CanaryFigures | null>;
  rule: RollbackRule;
  /** What the shell's renderers refused to releases' code (refused-accesses.ts); none when pages are not rendered here. */
  refusedAccesses?: () => RefusedAccessSeen[];
}

/** A remote whose candidate is being measured keeps its live release until the canary is promoted or aborted. */
function refuseDuringCanary(store: RevisionStore, remote: RemoteName): void {
  const canary = store.live.config.canary;
  if (canary?.name === remote) throw new OperationsError(409, 'canary_running', OPERATIONS_MESSAGES.switchDuringCanary(remote));
}

const withoutVersion = ({ views, failed, browsers, failedBrowsers }: ReleaseFigures): ReleaseFigures => ({ views, failed, browsers, failedBrowsers });

/** GET the state and the history; POST switch, rollback and restore, each checked and compare-and-set. */
export function registerRevisionRoutes(router: Router<OperatorState>, deps: RevisionDeps): void {
  const { store } = deps;

  router.get('/operations/api/state', async (ctx) => {
    const live = store.live;
    const [status, listings, figures] = await Promise.all([
      deps.status(),
      Promise.all(live.config.remotes.map((remote) => deps.discover(remote.name, remote.entry))),
      deps.canaryFigures(live.config).catch(() => null),
    ]);
    const canary = live.config.canary;
    const body: OperationsState = {
      live,
      rule: deps.rule,
      canary:
        canary && figures
          ? {
              ...canary,
              version: figures.candidate.version,
              liveVersion: figures.live.version,
              candidateFigures: withoutVersion(figures.candidate),
              liveFigures: withoutVersion(figures.live),
              serverFigures: figures.server,
            }
          : null,
      allowedOrigins: [...deps.allowedOrigins],
      refusedAccesses: deps.refusedAccesses?.() ?? [],
      remotes: live.config.remotes.map((remote, i) => {
        const health = status.remotes.find((checked) => checked.name === remote.name && checked.entry === remote.entry);
        const { releases, error } = listings[i]!;
        return {
          name: remote.name,
          entry: remote.entry,
          version: releaseVersionOf(remote.entry),
          health: health ? { up: health.up, ms: health.ms, ...(health.error ? { error: health.error } : {}) } : { up: false, ms: 0, error: 'non vérifié' },
          releases,
          ...(error ? { releasesError: error } : {}),
        };
      }),
    };
    ctx.body = body;
  });

  router.get('/operations/api/history', async (ctx) => {
    const body: RevisionHistory = { revisions: await store.history() };
    ctx.body = body;
  });

  const commit = checkedCommit(deps);

  router.post('/operations/api/switch', async (ctx) => {
    const body = await readJson(ctx);
    const remote = remoteField(body['remote']);
    if (typeof body['entry'] !== 'string' || body['entry'].length > 2048) {
      throw new OperationsError(400, 'validation_failed', '« entry » doit être l’adresse du manifeste de la version.');
    }
    const expected = revisionNumber(body['expectedRevision'], 'expectedRevision');
    refuseDuringCanary(store, remote);
    const revision = await commit(ctx.state.operator!, withRelease(store.live.config, remote, body['entry']), expected, reasonOf(body['reason']));
    ctx.body = { revision } satisfies RevisionResponse;
  });

  router.post('/operations/api/rollback', async (ctx) => {
    const body = await readJson(ctx);
    const remote = remoteField(body['remote']);
    const expected = revisionNumber(body['expectedRevision'], 'expectedRevision');
    refuseDuringCanary(store, remote);
    const liveEntry = store.live.config.remotes.find((r) => r.name === remote)?.entry;
    // The newest kept change that brought the remote to its live release: its `from` is the previous release.
    const last = (await store.history()).flatMap((revision) => revision.changes).find((change) => change.name === remote && change.to === liveEntry && change.from);
    if (!last?.from) throw new OperationsError(409, 'no_previous_release', OPERATIONS_MESSAGES.noPreviousRelease(remote));
    const reason = reasonOf(body['reason']) ?? `Retour à ${releaseVersionOf(last.from)}`;
    const revision = await commit(ctx.state.operator!, withRelease(store.live.config, remote, last.from), expected, reason);
    ctx.body = { revision } satisfies RevisionResponse;
  });

  router.post('/operations/api/restore', async (ctx) => {
    const body = await readJson(ctx);
    const wanted = revisionNumber(body['revision'], 'revision');
    const expected = revisionNumber(body['expectedRevision'], 'expectedRevision');
    const kept = (await store.history()).find((revision) => revision.revision === wanted);
    if (!kept) throw new OperationsError(404, 'revision_not_found', OPERATIONS_MESSAGES.revisionNotFound(wanted));
    const reason = reasonOf(body['reason']) ?? `Restauration de la révision ${wanted}`;
    // A restore brings back live releases, never an old canary (a running one ends with it).
    const { canary: _old, ...releases } = kept.config;
    const revision = await commit(ctx.state.operator!, releases, expected, reason);
    ctx.body = { revision } satisfies RevisionResponse;
  });
}
