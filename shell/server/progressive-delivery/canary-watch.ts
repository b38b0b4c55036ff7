import { releaseVersionOf, type RemotesRevision } from '@shop/contracts/operations';
import {
  AUTOMATIC_AUTHOR,
  automaticAbortReason,
  ruleMet,
  type CanaryFigures,
  type RollbackRule,
} from '@shop/contracts/progressive-delivery';
import type { RemotesConfig } from '@shop/contracts/remotes';
import type { RevisionStore } from '../operations/live-config/revision-store';
import type { ReleaseCounts } from './release-counts';

/** The canary's candidate and the live release of its remote, over the rule's window (never before it started). */
export async function canaryFigures(config: RemotesConfig, counts: ReleaseCounts, rule: RollbackRule, now = Date.now()): Promise<CanaryFigures | null> {
  const canary = config.canary;
  if (!canary) return null;
  const liveEntry = config.remotes.find((remote) => remote.name === canary.name)!.entry;
  const since = Math.max(Date.parse(canary.startedAt), now - rule.windowMinutes * 60_000);
  const candidateVersion = releaseVersionOf(canary.entry);
  const liveVersion = releaseVersionOf(liveEntry);
  const [candidate, live] = await Promise.all([
    counts.figures(canary.name, candidateVersion, since, now),
    counts.figures(canary.name, liveVersion, since, now),
  ]);
  return { candidate: { ...candidate, version: candidateVersion }, live: { ...live, version: liveVersion }, rule };
}

export interface CanaryWatchOptions {
  store: RevisionStore;
  counts: ReleaseCounts;
  rule: RollbackRule;
  /** How often the running canary is judged. */
  intervalMs: number;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
}

/**
 * Aborts a failing canary by itself (decision 021): every few seconds, while a canary runs, its failure rate in
 * shoppers' browsers is compared with the live release's; once the rule is met the canary is ended as a new revision
 * by the automatic watch, with the reason and the figures, and every shell applies it like any other revision.
 * Every shell runs a watch; the revision's compare-and-set lets exactly one abort win.
 */
export class CanaryWatch {
  readonly #timer: NodeJS.Timeout;
  #running: Promise<RemotesRevision | null> | null = null;

  constructor(private readonly options: CanaryWatchOptions) {
    this.#timer = setInterval(() => void this.check(), options.intervalMs);
    this.#timer.unref();
  }

  /** Judges the running canary once; answers the abort's revision when this call made it. */
  check(): Promise<RemotesRevision | null> {
    this.#running ??= this.#judge().finally(() => (this.#running = null));
    return this.#running;
  }

  async #judge(): Promise<RemotesRevision | null> {
    const { store, counts, rule, log } = this.options;
    const live = store.live;
    try {
      const figures = await canaryFigures(live.config, counts, rule);
      if (!figures || !ruleMet(rule, figures.candidate, figures.live)) return null;
      const { canary: _ended, ...config } = live.config;
      const reason = automaticAbortReason(figures);
      const result = await store.commit({ config, by: AUTOMATIC_AUTHOR, reason, figures }, live.revision);
      if (result.kind === 'conflict') return null; // another shell (or an operator) changed it first
      log.warn({ revision: result.revision.revision, remote: live.config.canary!.name, figures }, 'canary aborted automatically');
      return result.revision;
    } catch (error) {
      log.warn({ err: error }, 'canary watch: could not judge the canary this time');
      return null;
    }
  }

  stop(): void {
    clearInterval(this.#timer);
  }
}
