/**
 * Progressive delivery (decision 021): a candidate release of one remote for a share of browsers, measured in those
 * browsers, aborted by itself when it fails. What the shell's server, its browser code and the operators' console
 * agree on: the bucket cookie and how a bucket picks a release, the telemetry beacon, and the rollback rule.
 */
import { withRelease, type Canary, type RemoteName, type RemotesConfig } from './remotes';

/** First-party cookie holding the browser's bucket: a random id, nothing personal. */
export const BUCKET_COOKIE = 'shop_bucket';
/** A year: a shopper keeps their release across visits while a canary runs. */
export const BUCKET_MAX_AGE_SECONDS = 365 * 24 * 3600;
/** 128 random bits, hex. */
export const BUCKET_ID = /^[0-9a-f]{32}$/;

/**
 * The browser's place (0–99) for one remote's canaries: FNV-1a of the remote and the bucket id. Stable, so a shopper
 * keeps one release over pages and reloads, and monotone in the share: raising it keeps every browser that already
 * had the candidate. Salted by the remote, so successive canaries of different remotes do not always hit the same
 * shoppers.
 */
export function bucketPlace(bucketId: string, remote: RemoteName): number {
  let hash = 0x811c9dc5;
  for (const char of `${remote}:${bucketId}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 100;
}

/** Whether this bucket gets the canary's candidate. No bucket (a browser without cookies): the live release. */
export function getsCandidate(canary: Canary, bucketId: string | null): boolean {
  return bucketId !== null && bucketPlace(bucketId, canary.name) < canary.share;
}

/** The configuration of the canary's browsers: the live releases with the candidate; null when no canary runs. */
export function candidateConfig(config: RemotesConfig): RemotesConfig | null {
  const { canary, ...rest } = config;
  if (!canary) return null;
  return withRelease(rest, canary.name, canary.entry);
}

/**
 * What one browser is served: the live releases, with the canary's candidate for the buckets it covers. The canary
 * itself is left out (browsers only need the releases they load).
 */
export function configForBucket(config: RemotesConfig, bucketId: string | null): RemotesConfig {
  const { canary, ...live } = config;
  if (!canary) return config;
  return getsCandidate(canary, bucketId) ? candidateConfig(config)! : live;
}

// --- Telemetry -------------------------------------------------------------------------------------------------

/** Where browsers send their beacons (POST, same origin). */
export const TELEMETRY_PATH = '/telemetry';
/** The page's `<meta name="shop-telemetry-sample" content="0.25">`, written by the shop's server (TELEMETRY_SAMPLE_RATE): the share of page views a browser reports. No tag, no reports. */
export const TELEMETRY_SAMPLE_META = 'shop-telemetry-sample';
/** A beacon is a few small fields: anything longer is refused unread. */
export const MAX_BEACON_BYTES = 2048;

/** What happened to one remote's parts in one page view. */
export const VIEW_OUTCOMES = ['rendered', 'load_failed', 'render_threw'] as const;
export type ViewOutcome = (typeof VIEW_OUTCOMES)[number];

/** The worse of two outcomes (a page view counts once per remote, with its worst outcome). */
export const worseOutcome = (a: ViewOutcome, b: ViewOutcome): ViewOutcome => (VIEW_OUTCOMES.indexOf(b) > VIEW_OUTCOMES.indexOf(a) ? b : a);

export interface RemoteView {
  remote: RemoteName;
  /** The release's version folder (`1.0.1`), as in its URL. */
  version: string;
  outcome: ViewOutcome;
}

/** One beacon: the page views a browser saw since its last one, at most a few. */
export interface TelemetryBeacon {
  views: RemoteView[];
}

/** At most this many remote views in one beacon (a page shows each remote once; a few pages may be batched). */
export const MAX_VIEWS_PER_BEACON = 16;

/** Counts of one release over a window: page views and those where it failed (to load, or while rendering). */
export interface ReleaseFigures {
  views: number;
  failed: number;
}

export const failureRate = (figures: ReleaseFigures): number => (figures.views === 0 ? 0 : figures.failed / figures.views);

// --- Automatic rollback ----------------------------------------------------------------------------------------

/** When a running canary is aborted by itself; every figure is checked over the same window. */
export interface RollbackRule {
  /** At least this many page views of the candidate before it is judged. */
  minViews: number;
  /** Its failure rate is at least this (0–1) … */
  minFailureRate: number;
  /** … and at least this many times the live release's. */
  minRatioToLive: number;
  /** The sliding window, in minutes (never before the canary started). */
  windowMinutes: number;
}

export const DEFAULT_ROLLBACK_RULE: RollbackRule = { minViews: 20, minFailureRate: 0.05, minRatioToLive: 2, windowMinutes: 10 };

/** Whether the rule is met. A live release with no failure at all: any candidate rate at or above the minimum is. */
export function ruleMet(rule: RollbackRule, candidate: ReleaseFigures, live: ReleaseFigures): boolean {
  if (candidate.views < rule.minViews) return false;
  const rate = failureRate(candidate);
  return rate >= rule.minFailureRate && rate >= rule.minRatioToLive * failureRate(live);
}

/** What the automatic abort records (in the revision, for the history). */
export interface CanaryFigures {
  candidate: ReleaseFigures & { version: string };
  live: ReleaseFigures & { version: string };
  rule: RollbackRule;
}

const percent = (rate: number) => `${(rate * 100).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} %`;

/** The French reason of an automatic abort, with its figures. */
export function automaticAbortReason(figures: CanaryFigures): string {
  const { candidate, live, rule } = figures;
  return (
    `Abandon automatique : ${candidate.version} échoue dans ${percent(failureRate(candidate))} des pages vues ` +
    `(${candidate.failed} sur ${candidate.views}), contre ${percent(failureRate(live))} pour ${live.version} ` +
    `(${live.failed} sur ${live.views}) ; règle : au moins ${rule.minViews} pages vues, ${percent(rule.minFailureRate)} ` +
    `d’échecs et ${rule.minRatioToLive} fois la version en ligne, sur ${rule.windowMinutes} min.`
  );
}

/** Who the history names for an automatic abort. */
export const AUTOMATIC_AUTHOR = 'surveillance automatique';
