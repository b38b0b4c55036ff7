import type Router from '@koa/router';
import {
  MAX_OPEN_PREVIEWS,
  MAX_PREVIEW_RELEASES,
  PREVIEW_ID,
  PREVIEW_MESSAGES,
  PREVIEW_TTL,
  type PreviewCreated,
  type PreviewsListing,
  type PreviewSummary,
} from '@shop/contracts/previews';
import { isRemoteName, type RemoteName } from '@shop/contracts/remotes';
import type { OperatorState } from '../http/authentication';
import { OperationsError, readJson } from '../http/operations-error';
import { entryField } from '../http/request-fields';
import { ownRemote } from '../http/team-scope';
import type { Previews } from './previews';

export interface PreviewDeps {
  previews: Previews;
  log: { info(object: object, message: string): void };
}

/** `{ releases: [{ remote, entry }], expiresInSeconds? }`, one release per remote. */
function previewBody(body: Record<string, unknown>): { releases: Array<{ remote: RemoteName; entry: string }>; seconds: number } {
  const list = body['releases'];
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_PREVIEW_RELEASES) throw new OperationsError(400, 'validation_failed', PREVIEW_MESSAGES.releases);
  const releases = list.map((item: unknown) => {
    const release = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    const remote = release['remote'];
    if (!isRemoteName(remote)) throw new OperationsError(400, 'validation_failed', PREVIEW_MESSAGES.releases);
    return { remote, entry: entryField(release['entry']) };
  });
  if (new Set(releases.map((r) => r.remote)).size !== releases.length) throw new OperationsError(400, 'validation_failed', PREVIEW_MESSAGES.releases);
  const seconds = body['expiresInSeconds'] ?? PREVIEW_TTL.defaultSeconds;
  if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < PREVIEW_TTL.minSeconds || seconds > PREVIEW_TTL.maxSeconds) {
    throw new OperationsError(400, 'validation_failed', PREVIEW_MESSAGES.expiry);
  }
  return { releases, seconds };
}

/** A team sees and ends the previews of its own remote only; an operator, every preview. */
const visibleTo = (state: OperatorState) => (preview: PreviewSummary) => !state.team || preview.releases.every((release) => release.remote === state.team);

/**
 * Release previews (decision 030): listed, created and ended. Team tokens reach these routes (team-scope.ts), each
 * for its own remote's previews.
 */
export function registerPreviewRoutes(router: Router<OperatorState>, deps: PreviewDeps): void {
  const { previews } = deps;

  router.get('/operations/api/previews', async (ctx) => {
    ctx.body = { previews: (await previews.list()).filter(visibleTo(ctx.state)) } satisfies PreviewsListing;
  });

  router.post('/operations/api/previews', async (ctx) => {
    const { releases, seconds } = previewBody(await readJson(ctx));
    for (const release of releases) ownRemote(ctx.state, release.remote);
    if ((await previews.list()).length >= MAX_OPEN_PREVIEWS) throw new OperationsError(409, 'too_many_previews', PREVIEW_MESSAGES.tooMany);
    const reasons = await previews.refusals(releases);
    if (reasons.length > 0) {
      deps.log.info({ by: ctx.state.operator, releases, reasons }, 'preview refused by the checks');
      throw new OperationsError(422, 'release_refused', 'Aperçu refusé : la version ne convient pas à la boutique.', { reasons });
    }
    const created = await previews.create(releases, seconds, ctx.state.operator!);
    deps.log.info({ by: ctx.state.operator, preview: created.preview.id, releases, expiresAt: created.preview.expiresAt }, 'preview created');
    ctx.status = 201;
    ctx.body = created satisfies PreviewCreated;
  });

  router.delete('/operations/api/previews/:id', async (ctx) => {
    const id = String(ctx.params['id']);
    const preview = PREVIEW_ID.test(id) ? await previews.find(id) : undefined;
    // Another team's preview is answered as none: a team token learns nothing of other remotes' previews.
    if (!preview || !visibleTo(ctx.state)(preview) || !(await previews.end(id))) throw new OperationsError(404, 'preview_not_found', PREVIEW_MESSAGES.previewNotFound);
    deps.log.info({ by: ctx.state.operator, preview: id }, 'preview ended');
    ctx.body = { previews: (await previews.list()).filter(visibleTo(ctx.state)) } satisfies PreviewsListing;
  });
}
