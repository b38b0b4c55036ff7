import { releaseVersionOf, type RemotesRevision } from '@shop/contracts/operations';
import {
  abortCause,
  AUTOMATIC_AUTHOR,
  automaticAbortReason,
  type CanaryFigures,
  type RollbackRule,
  type ServerFigures,
} from '@shop/contracts/progressive-delivery';
import type { RemoteName, RemotesConfig } from '@shop/contracts/remotes';
import type { RevisionStore } from '../shared/revision-store';
import { SHOP_ATTRIBUTES, SHOP_SPANS, shopTracer } from '@shop/server-kit/tracing/shop-spans';
import type { ReleaseCounts } from './release-counts';

/** Browsers' reports and the server's own renders, per release. */
export interface CanaryCounts {
  browsers: ReleaseCounts;
  server: ReleaseCounts;
}

/**
 * The canary's candidate and the live release of its remote, over the rule's window (never before it started): what
 * browsers reported, what the server rendered, and the candidate's files found missing.
 */
export async function canaryFigures(config: RemotesConfig, counts: CanaryCounts, rule: RollbackRule, missingFiles: string[] = [], now = Date.now()): Promise<CanaryFigures | null> {
  const canary = config.canary;
  if (!canary) return null;
  const liveEntry = config.remotes.find((remote) => remote.name === canary.name)!.entry;
  const since = Math.max(Date.parse(canary.startedAt), now - rule.windowMinutes * 60_000);
  const candidateVersion = releaseVersionOf(canary.entry);
  const liveVersion = releaseVersionOf(liveEntry);
  const renders = async (version: string): Promise<ServerFigures> => {
    const { views, failed } = await counts.server.figures(canary.name, version, since, now);
    return { renders: views, failed };
  };
  const [candidate, live, serverCandidate, serverLive] = await Promise.all([
    counts.browsers.figures(canary.name, candidateVersion, since, now),
    counts.browsers.figures(canary.name, liveVersion, since, now),
    renders(candidateVersion),
    renders(liveVersion),
  ]);
  return {
    candidate: { ...candidate, version: candidateVersion },
    live: { ...live, version: liveVersion },
    server: { candidate: serverCandidate, live: serverLive },
    missingFiles,
    rule,
  };
}

export interface CanaryWatchOptions {
  store: RevisionStore;
  counts: CanaryCounts;
  rule: RollbackRule;
  /** How often the running canary is judged. */
  intervalMs: number;
  /**
   * The candidate's browser files that do not answer (the release checks' HEAD requests), asked at most every
   * `probeIntervalMs`; a file missing at two probes in a row ends the canary.
   */
  missingFiles?: (remote: RemoteName, entry: string) => Promise<string[]>;
  probeIntervalMs?: number;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
}

/** The candidate's files are asked for at most this often (each probe is a HEAD per file on the remote's server). */
export const PROBE_INTERVAL_MS = 10_000;

/**
 * Aborts a failing canary by itself (decision 021): every few seconds, while a canary runs, its failure rate in
 * shoppers' browsers is compared with the live release's; once the rule is met the canary is ended as a new revision
 * by the automatic watch, with the reason and the figures, and every shell applies it like any other revision.
 * Every shell runs a watch; the revision's compare-and-set lets exactly one abort win.
 */
export class CanaryWatch {
  readonly #timer: NodeJS.Timeout;
  #running: Promise<RemotesRevision | null> | null = null;
  /** The last probe of the candidate's files: which candidate, when, and what was missing then. */
  #probe: { entry: string; at: number; missing: string[]; confirmed: string[] } | null = null;

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
    const started = performance.now();
    try {
      const figures = await canaryFigures(live.config, counts, rule, await this.#missingFiles(live.config));
      if (!figures) return null;
      const cause = abortCause(figures);
      decisionSpan(live.config, figures, cause, started);
      if (cause === null) return null;
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

  /** Files of the candidate missing at this probe and the one before (a file that is back is not held against it). */
  async #missingFiles(config: RemotesConfig): Promise<string[]> {
    const canary = config.canary;
    const probe = this.options.missingFiles;
    if (!canary || !probe) return [];
    const previous = this.#probe?.entry === canary.entry ? this.#probe : null;
    if (previous && Date.now() - previous.at < (this.options.probeIntervalMs ?? PROBE_INTERVAL_MS)) return previous.confirmed;
    const missing = await probe(canary.name, canary.entry);
    const confirmed = previous ? missing.filter((file) => previous.missing.includes(file)) : [];
    this.#probe = { entry: canary.entry, at: Date.now(), missing, confirmed };
    return confirmed;
  }

  stop(): void {
    clearInterval(this.#timer);
  }
}

const tracer = shopTracer('release-control');

/** The watch's decision on a running canary, a span of its own (no request asked for it): kept, or ended and why. */
function decisionSpan(config: RemotesConfig, figures: CanaryFigures, cause: ReturnType<typeof abortCause>, startTime: number): void {
  tracer
    .startSpan(SHOP_SPANS.canaryDecision, {
      root: true,
      startTime,
      attributes: {
        [SHOP_ATTRIBUTES.remoteName]: config.canary?.name ?? '',
        [SHOP_ATTRIBUTES.remoteVersion]: figures.candidate.version,
        [SHOP_ATTRIBUTES.canaryDecision]: cause === null ? 'continue' : 'abort',
        ...(cause ? { [SHOP_ATTRIBUTES.canaryReason]: cause } : {}),
        [SHOP_ATTRIBUTES.canaryCandidateViews]: figures.candidate.views,
        [SHOP_ATTRIBUTES.canaryCandidateFailed]: figures.candidate.failed,
        [SHOP_ATTRIBUTES.canaryLiveViews]: figures.live.views,
        [SHOP_ATTRIBUTES.canaryLiveFailed]: figures.live.failed,
      },
    })
    .end();
}
