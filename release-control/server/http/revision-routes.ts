import type Router from '@koa/router';
import {
  MAX_REASON_LENGTH,
  OPERATIONS_MESSAGES,
  releaseVersionOf,
  type OperationsState,
  type RefusedAccessSeen,
  type RemotesRevision,
  type RevisionHistory,
  type RevisionResponse,
} from '@shop/contracts/operations';
import { isRemoteName, REMOTE_NAMES, withRelease, type RemoteEntry, type RemoteName, type RemotesConfig, type RemotesStatus } from '@shop/contracts/remotes';
import type { CanaryFigures, ReleaseFigures, RollbackRule } from '@shop/contracts/progressive-delivery';
import type { RevisionStore } from '../live-config/revision-store';
import { offeredReleases } from '../releases/release-discovery';
import type { OperatorState } from './authentication';
import { OperationsError, readJson } from './operations-error';

export interface RevisionDeps {
  store: RevisionStore;
  allowedOrigins: readonly string[];
  /** Why a release cannot be `remote`'s (operations/releases/release-checks.ts); empty when it may go live. */
  refusals(remote: RemoteName, entry: string): Promise<string[]>;
  status(): Promise<RemotesStatus>;
  log: { info(object: object, message: string): void };
  /** How the running canary fares in browsers (progressive-delivery/canary-watch.ts), and the rule it is judged by. */
  canaryFigures(config: RemotesConfig): Promise<CanaryFigures | null>;
  rule: RollbackRule;
  /** What the shell's renderers refused to releases' code (render/refused-accesses.ts); none when pages are not rendered here. */
  refusedAccesses?: () => RefusedAccessSeen[];
}

/** A body's « remote », or a 400 naming the shop's remotes. */
export function remoteField(value: unknown): RemoteName {
  if (!isRemoteName(value)) throw new OperationsError(400, 'validation_failed', `« remote » doit être l’un de ${REMOTE_NAMES.join(', ')}.`);
  return value;
}

/** A remote whose candidate is being measured keeps its live release until the canary is promoted or aborted. */
function refuseDuringCanary(store: RevisionStore, remote: RemoteName): void {
  const canary = store.live.config.canary;
  if (canary?.name === remote) throw new OperationsError(409, 'canary_running', OPERATIONS_MESSAGES.switchDuringCanary(remote));
}

/** The releases `after` would load that `before` does not: moved remotes and a new canary candidate. */
function newReleases(before: RemotesConfig, after: RemotesConfig): RemoteEntry[] {
  const moved = after.remotes.filter((remote) => before.remotes.find((r) => r.name === remote.name)?.entry !== remote.entry);
  const candidate = after.canary && after.canary.entry !== before.canary?.entry ? [{ name: after.canary.name, entry: after.canary.entry }] : [];
  return [...moved, ...candidate];
}

/**
 * Checks every release that a change would load, then commits it from `expected`; answers the new revision. Every
 * way of changing the live configuration goes through it (switch, roll back, restore, canary).
 */
export function checkedCommit(deps: RevisionDeps) {
  const { store } = deps;
  return async (operator: string, config: RemotesConfig, expected: number, reason: string | null): Promise<RemotesRevision> => {
    // A stale form is answered at once, before the checks fetch anything.
    if (store.live.revision !== expected) {
      throw new OperationsError(409, 'revision_conflict', OPERATIONS_MESSAGES.conflict(store.live.revision), { current: store.live });
    }
    if (JSON.stringify(config) === JSON.stringify(store.live.config)) throw new OperationsError(400, 'validation_failed', OPERATIONS_MESSAGES.unchanged);
    const added = newReleases(store.live.config, config);
    const reasons = (await Promise.all(added.map(async (remote) => (await deps.refusals(remote.name, remote.entry)).map((why) => `${remote.name} ${releaseVersionOf(remote.entry)} : ${why}`)))).flat();
    if (reasons.length > 0) {
      deps.log.info({ operator, refused: added.map((r) => r.entry), reasons }, 'remotes change refused by the checks');
      throw new OperationsError(422, 'release_refused', OPERATIONS_MESSAGES.refused, { reasons });
    }
    const result = await store.commit({ config, by: operator, reason }, expected);
    if (result.kind === 'conflict') {
      throw new OperationsError(409, 'revision_conflict', OPERATIONS_MESSAGES.conflict(result.current.revision), { current: result.current });
    }
    deps.log.info({ operator, revision: result.revision.revision, changes: result.revision.changes, canary: result.revision.canary, reason }, 'remotes revision committed');
    return result.revision;
  };
}

export function revisionNumber(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new OperationsError(400, 'validation_failed', `« ${field} » doit être un numéro de révision (entier positif).`);
  }
  return value;
}

export function reasonOf(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw new OperationsError(400, 'validation_failed', '« reason » doit être un texte.');
  if (value.length > MAX_REASON_LENGTH) throw new OperationsError(400, 'validation_failed', OPERATIONS_MESSAGES.reasonTooLong);
  return value.trim() || null;
}

/** GET state, history and session; POST switch, rollback and restore, each checked and compare-and-set. */
const withoutVersion = ({ views, failed, browsers, failedBrowsers }: ReleaseFigures): ReleaseFigures => ({ views, failed, browsers, failedBrowsers });

export function registerRevisionRoutes(router: Router<OperatorState>, deps: RevisionDeps): void {
  const { store } = deps;

  router.get('/operations/api/session', (ctx) => {
    ctx.body = { operator: ctx.state.operator };
  });

  router.get('/operations/api/state', async (ctx) => {
    const live = store.live;
    const [status, listings, figures] = await Promise.all([
      deps.status(),
      Promise.all(live.config.remotes.map((remote) => offeredReleases(remote.entry))),
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
