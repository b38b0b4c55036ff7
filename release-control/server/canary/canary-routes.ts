import type Router from '@koa/router';
import { OPERATIONS_MESSAGES, releaseVersionOf, type RevisionResponse } from '@shop/contracts/operations';
import { withRelease, type Canary } from '@shop/contracts/remotes';
import type { OperatorState } from '../http/authentication';
import { OperationsError, readJson } from '../http/operations-error';
import { reasonOf, remoteField, revisionNumber } from '../http/request-fields';
import { checkedCommit, type CommitDeps } from '../shared/checked-commit';

function shareOf(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 100) {
    throw new OperationsError(400, 'validation_failed', OPERATIONS_MESSAGES.canaryShare);
  }
  return value;
}

/**
 * The canary (decision 021): start a candidate release of one remote for a share of browsers, change its share or
 * its candidate, promote it (it becomes the live release) or abort it. Each is a checked, compare-and-set revision
 * like a switch; one canary at a time, so a failure measured in browsers is always the candidate's.
 */
export function registerCanaryRoutes(router: Router<OperatorState>, deps: CommitDeps): void {
  const { store } = deps;
  const commit = checkedCommit(deps);

  router.post('/operations/api/canary', async (ctx) => {
    const body = await readJson(ctx);
    const remote = remoteField(body['remote']);
    const entry = body['entry'];
    if (typeof entry !== 'string' || entry.length > 2048) {
      throw new OperationsError(400, 'validation_failed', '« entry » doit être l’adresse du manifeste de la version candidate.');
    }
    const share = shareOf(body['share']);
    const expected = revisionNumber(body['expectedRevision'], 'expectedRevision');
    const live = store.live.config;
    const running = live.canary;
    if (running && running.name !== remote) throw new OperationsError(409, 'canary_running', OPERATIONS_MESSAGES.canaryRunning(running.name));
    const liveEntry = live.remotes.find((r) => r.name === remote)!.entry;
    // The history and the counts tell releases apart by version: the candidate must be another one.
    if (releaseVersionOf(entry) === releaseVersionOf(liveEntry)) throw new OperationsError(400, 'validation_failed', OPERATIONS_MESSAGES.canaryIsLive);
    const sameCandidate = running?.entry === entry;
    const canary: Canary = { name: remote, entry, share, startedAt: sameCandidate ? running.startedAt : new Date().toISOString() };
    const reason = reasonOf(body['reason']);
    const revision = await commit(ctx.state.operator!, { ...live, canary }, expected, reason);
    ctx.body = { revision } satisfies RevisionResponse;
  });

  const ending = async (ctx: Parameters<typeof readJson>[0]) => {
    const body = await readJson(ctx);
    const expected = revisionNumber(body['expectedRevision'], 'expectedRevision');
    const { canary, ...releases } = store.live.config;
    if (!canary) throw new OperationsError(409, 'no_canary', OPERATIONS_MESSAGES.noCanary);
    return { canary, releases, expected, reason: reasonOf(body['reason']) };
  };

  router.post('/operations/api/canary/promote', async (ctx) => {
    const { canary, releases, expected, reason } = await ending(ctx);
    const revision = await commit(
      ctx.state.operator!,
      withRelease(releases, canary.name, canary.entry),
      expected,
      reason ?? `Promotion de ${releaseVersionOf(canary.entry)} (${canary.share} % des navigateurs jusqu’ici)`,
    );
    ctx.body = { revision } satisfies RevisionResponse;
  });

  router.post('/operations/api/canary/abort', async (ctx) => {
    const { canary, releases, expected, reason } = await ending(ctx);
    const revision = await commit(ctx.state.operator!, releases, expected, reason ?? `Abandon de ${releaseVersionOf(canary.entry)}`);
    ctx.body = { revision } satisfies RevisionResponse;
  });
}
