/**
 * Progressive delivery (decision 021): a candidate release of one remote for a share of browsers, measured in those
 * browsers, aborted by itself when it fails. What the shell's server, its browser code and the operators' console
 * agree on: the bucket cookie and how a bucket picks a release, the telemetry beacon, and the rollback rule.
 */
import { REMOTE_NAMES, withRelease, type Canary, type RemoteName, type RemotesConfig } from './remotes';

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
  return fnv1a(`${remote}:${bucketId}`) % 100;
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * The canary arm a browser is served, as the edge keys cached pages on it (ARM_COOKIE, decision 045): the canary's
 * identity (its remote, candidate, share and start: any change makes a new one, so a browser's old arm never finds a
 * page of another canary), then `c` for the candidate or `l` for the live releases. Null without a canary.
 */
export function armOf(config: RemotesConfig, bucketId: string | null): string | null {
  const { canary } = config;
  if (!canary) return null;
  const id = fnv1a(`${canary.name}|${canary.entry}|${canary.share}|${canary.startedAt}`).toString(16).padStart(8, '0');
  return `${id}-${getsCandidate(canary, bucketId) ? 'c' : 'l'}`;
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
/**
 * Where a browser asks for its view token (`GET`, same origin, answered `{token}`): the server's signed word that it
 * serves this browser these releases, now. A beacon counts only with it (a report nobody was served a page for is
 * refused), for the page load and the in-app navigations after it. It is asked apart from the page, by the browsers
 * that report, so a page is the same for every shopper and the edge may share it (decision 045).
 */
export const VIEW_TOKEN_PATH = '/telemetry/view-token';

/**
 * The page's `<meta name="traceparent" content="00-…">`: the W3C trace context of the request that rendered it, when
 * the server traces (decision 035), under the name browser instrumentation reads. The page load's beacon carries it back,
 * so the trace of a page a shopper saw fail can be found.
 */
export const TRACE_META = 'traceparent';
/** A W3C traceparent, version 00: trace id, parent span id, flags. */
export const TRACEPARENT = /^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;
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

/** One beacon: one page view, what each remote on it did, with the view token of the page it belongs to. */
export interface TelemetryBeacon {
  token: string;
  views: RemoteView[];
  /** The page load's server trace (TRACE_META), on the first view of a page the server rendered. */
  traceparent?: string;
}

/** A page view shows each remote once. */
export const MAX_VIEWS_PER_BEACON = REMOTE_NAMES.length;

/**
 * What browsers reported of one release over a window. The rule counts browsers, not views: a browser that reloads a
 * failing page ten times is one shopper who had a problem, and a forger with one page's token is one browser however
 * many views it claims.
 */
export interface ReleaseFigures {
  views: number;
  /** Views where it failed (to load, or while rendering). */
  failed: number;
  /** Distinct browsers that reported a view (the bucket of the page's token, or the page load when it has none). */
  browsers: number;
  /** Of those, the browsers that saw it fail at least once. */
  failedBrowsers: number;
}

/** The share of browsers that saw the release fail. */
export const failureRate = (figures: ReleaseFigures): number => (figures.browsers === 0 ? 0 : figures.failedBrowsers / figures.browsers);

/** What the shop's server saw itself of one release over a window: the pages it rendered, and those where it failed. */
export interface ServerFigures {
  renders: number;
  failed: number;
}

export const serverFailureRate = (figures: ServerFigures): number => (figures.renders === 0 ? 0 : figures.failed / figures.renders);

// --- Automatic rollback ----------------------------------------------------------------------------------------

/** When a running canary is aborted by itself; every figure is checked over the same window. */
export interface RollbackRule {
  /** At least this many distinct browsers of the candidate (or pages its server rendered) before it is judged. */
  minBrowsers: number;
  /** Its failure rate is at least this (0–1) … */
  minFailureRate: number;
  /** … and at least this many times the live release's. */
  minRatioToLive: number;
  /** The sliding window, in minutes (never before the canary started). */
  windowMinutes: number;
}

export const DEFAULT_ROLLBACK_RULE: RollbackRule = { minBrowsers: 20, minFailureRate: 0.05, minRatioToLive: 2, windowMinutes: 10 };

const rateMet = (rule: RollbackRule, count: number, rate: number, liveRate: number) =>
  count >= rule.minBrowsers && rate >= rule.minFailureRate && rate >= rule.minRatioToLive * liveRate;

/** Whether the rule is met by browsers' reports. A live release with no failure at all: any rate at or above the minimum is. */
export function ruleMet(rule: RollbackRule, candidate: ReleaseFigures, live: ReleaseFigures): boolean {
  return rateMet(rule, candidate.browsers, failureRate(candidate), failureRate(live));
}

/** Whether the rule is met by what the server saw itself: the candidate's pages it rendered against the live release's. */
export function serverRuleMet(rule: RollbackRule, candidate: ServerFigures, live: ServerFigures): boolean {
  return rateMet(rule, candidate.renders, serverFailureRate(candidate), serverFailureRate(live));
}

/** What the automatic watch judges a canary on, over the rule's window (and records in the revision of an abort). */
export interface CanaryFigures {
  candidate: ReleaseFigures & { version: string };
  live: ReleaseFigures & { version: string };
  /** The server's own renders of the candidate's and the live release's pages. */
  server: { candidate: ServerFigures; live: ServerFigures };
  /** Browser files of the candidate the server found missing (its own HEAD requests, twice in a row). */
  missingFiles: string[];
  rule: RollbackRule;
}

/** Why the canary must end, or null: its files are gone, its server renders fail, or browsers see it fail. */
export function abortCause(figures: CanaryFigures): 'files' | 'server' | 'browsers' | null {
  if (figures.missingFiles.length > 0) return 'files';
  if (serverRuleMet(figures.rule, figures.server.candidate, figures.server.live)) return 'server';
  if (ruleMet(figures.rule, figures.candidate, figures.live)) return 'browsers';
  return null;
}

const percent = (rate: number) => `${(rate * 100).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} %`;

/** The French reason of an automatic abort, with its figures. */
export function automaticAbortReason(figures: CanaryFigures): string {
  const { candidate, live, server, rule } = figures;
  const ruleText =
    `règle : au moins ${rule.minBrowsers} navigateurs (ou pages rendues par le serveur), ${percent(rule.minFailureRate)} ` +
    `d’échecs et ${rule.minRatioToLive} fois la version en ligne, sur ${rule.windowMinutes} min.`;
  switch (abortCause(figures)) {
    case 'files':
      return `Abandon automatique : des fichiers de ${candidate.version} pour les navigateurs manquent (${figures.missingFiles.slice(0, 3).join(', ')}${figures.missingFiles.length > 3 ? '…' : ''}).`;
    case 'server':
      return (
        `Abandon automatique : le serveur échoue à rendre ${candidate.version} dans ${percent(serverFailureRate(server.candidate))} des pages ` +
        `(${server.candidate.failed} sur ${server.candidate.renders}), contre ${percent(serverFailureRate(server.live))} pour ${live.version} ` +
        `(${server.live.failed} sur ${server.live.renders}) ; ${ruleText}`
      );
    default:
      return (
        `Abandon automatique : ${candidate.version} échoue chez ${percent(failureRate(candidate))} des navigateurs ` +
        `(${candidate.failedBrowsers} sur ${candidate.browsers}, ${candidate.failed} pages vues en échec sur ${candidate.views}), ` +
        `contre ${percent(failureRate(live))} pour ${live.version} (${live.failedBrowsers} sur ${live.browsers}) ; ${ruleText}`
      );
  }
}

/** Who the history names for an automatic abort. */
export const AUTOMATIC_AUTHOR = 'surveillance automatique';
