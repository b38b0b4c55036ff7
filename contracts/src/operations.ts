/**
 * The operators' console and its JSON API (`/operations` on the shell's server, decision 020). The console page and
 * scripts use the same API, with the same authentication: the console's session cookie, or
 * `Authorization: Bearer <operator's API token>` for scripts and CI pipelines.
 *
 *   GET  /operations/api/session                      → OperatorSession (any operator: who, and which roles)
 *   GET  /operations/api/state                        → OperationsState (live revision, remotes, health, releases)
 *   GET  /operations/api/history                      → RevisionHistory (newest first, the last 100)
 *   POST /operations/api/switch   SwitchBody          → RevisionResponse | 409 revision_conflict | 422 release_refused
 *   POST /operations/api/rollback RollbackBody        → RevisionResponse | 409 revision_conflict | 422 release_refused
 *   POST /operations/api/restore  RestoreBody         → RevisionResponse | 409 revision_conflict | 422 release_refused
 *   POST /operations/api/canary   CanaryBody          → RevisionResponse (start a candidate, change it or its share)
 *   POST /operations/api/canary/promote CanaryEndBody → RevisionResponse (the candidate becomes the live release)
 *   POST /operations/api/canary/abort   CanaryEndBody → RevisionResponse (every browser back on the live release)
 *   GET  /operations/api/orders?status=&q=&cursor=    → AdminOrdersResponse (cart-service's, through the shell)
 *   POST /operations/api/orders/:number/status {status} → OrderResponse
 *   GET  /operations/api/catalogue/products?q=&archived=&cursor=&limit= → MerchandisedProductsPage
 *   POST /operations/api/catalogue/products           ProductDraft → MerchandisedProductResponse (201)
 *   GET  /operations/api/catalogue/products/:id       → MerchandisedProductResponse
 *   PUT  /operations/api/catalogue/products/:id       ProductEdit → MerchandisedProductResponse | 409 stale_version {current}
 *   POST /operations/api/catalogue/products/:id/archive {version} → MerchandisedProductResponse
 *   POST /operations/api/catalogue/products/:id/restore {version} → MerchandisedProductResponse
 *   POST /operations/api/catalogue/products/:id/stock   StockAdjustment → MerchandisedProductResponse
 *   GET  /operations/api/catalogue/products/:id/audit?cursor= → CatalogueAuditPage
 *   GET  /operations/api/catalogue/audit?cursor=       → CatalogueAuditPage (every product)
 *     (the catalogue: cart-service's /admin/products API through the shell, same bodies and answers, status included,
 *     each write in the operator's name; merchandising.ts)
 *   GET  /operations/api/operators                    → OperatorsListing (each operator's roles)
 *   DELETE /operations/api/operators/:name            → OperatorsListing | 404 operator_not_found | 409 own_account
 *   PUT  /operations/api/operators/:name/roles OperatorRolesBody → OperatorsListing | 400 validation_failed
 *                                                        | 404 operator_not_found | 409 own_admin_role
 *   …/catalogue/…                                     → merchandising.ts (products, prices, stock, photos)
 *
 * Each route needs a role (operator-roles.ts, decision 042), or answers 403 `role_forbidden`: `releases` for the
 * state, history, switch, rollback, restore, canary, releases and checks, previews and teams; `catalogue` for
 * everything under `/operations/api/catalogue/`; `orders` for the orders; `admin` for the operators and their roles.
 * The session is any operator's. A team token (decision 030) is judged by its own table first.
 *
 * Every refusal is `{error: {code, message}}` with a French message; a refused release adds `reasons`, a conflict adds
 * the `current` revision so the console shows the new state at once.
 */
import type { ApiErrorCode } from './errors';
import type { OperatorRole } from './operator-roles';
import type { CanaryFigures, ReleaseFigures, RollbackRule } from './progressive-delivery';
import type { Canary, RemoteName, RemotesConfig } from './remotes';

/** How many revisions the shared configuration keeps (older ones are dropped). */
export const REVISIONS_KEPT = 100;

/** At most this many characters in a revision's reason. */
export const MAX_REASON_LENGTH = 500;

/** One change of the live configuration: who, when, what, why. Revisions count up from 1 and are never reused. */
export interface RemotesRevision {
  revision: number;
  /** ISO 8601. */
  at: string;
  /** The operator's name, or `remotes.json` for a hand edit of the file (or the file the configuration started from). */
  by: string;
  reason: string | null;
  /** What moved: one entry per remote whose release changed (every remote, from null, in the first revision). */
  changes: RemoteChange[];
  /** What happened to the canary, if anything (decision 021). */
  canary?: CanaryChange;
  /** An automatic abort's figures (the reason says them in French too). */
  figures?: CanaryFigures;
  config: RemotesConfig;
}

export type CanaryAction = 'started' | 'share_changed' | 'candidate_changed' | 'promoted' | 'aborted';

export interface CanaryChange {
  action: CanaryAction;
  name: RemoteName;
  /** The candidate's manifest URL. */
  entry: string;
  /** Its share before and after (null: no canary on that side). */
  fromShare: number | null;
  toShare: number | null;
}

/** What happened to the canary from `before` to `after`, or undefined when nothing did. */
export function canaryChangeBetween(before: RemotesConfig | null, after: RemotesConfig): CanaryChange | undefined {
  const was = before?.canary;
  const is = after.canary;
  if (!was && !is) return undefined;
  if (!was && is) return { action: 'started', name: is.name, entry: is.entry, fromShare: null, toShare: is.share };
  if (was && !is) {
    const promoted = after.remotes.some((remote) => remote.name === was.name && remote.entry === was.entry);
    return { action: promoted ? 'promoted' : 'aborted', name: was.name, entry: was.entry, fromShare: was.share, toShare: null };
  }
  if (was!.name !== is!.name || was!.entry !== is!.entry || was!.startedAt !== is!.startedAt) {
    return { action: 'candidate_changed', name: is!.name, entry: is!.entry, fromShare: was!.share, toShare: is!.share };
  }
  if (was!.share !== is!.share) return { action: 'share_changed', name: is!.name, entry: is!.entry, fromShare: was!.share, toShare: is!.share };
  return undefined;
}

export interface RemoteChange {
  name: RemoteName;
  /** Manifest URLs, before and after (null: the remote was not configured before). */
  from: string | null;
  to: string;
}

/**
 * The releases a remote's index offers: `releases.json` beside its version folders (`<release server>/releases.json`,
 * or `<RELEASES_PUBLIC_URL>/<remote>/releases.json` in the release store).
 */
export interface ReleaseListing {
  releases: Release[];
}

export interface Release {
  version: string;
  /**
   * The release's `mf-manifest.json`, as a URL relative to its `releases.json` (`/1.0.1/mf-manifest.json` from a release
   * server, `1.0.1/mf-manifest.json` from the store): `new URL(manifest, indexUrl)`.
   */
  manifest: string;
  /** ISO 8601: when the release was built (its manifest's time on the server). */
  builtAt: string;
}

/** What the console shows of one remote. */
export interface RemoteOverview {
  name: RemoteName;
  /** The live release's manifest URL and version. */
  entry: string;
  version: string;
  health: { up: boolean; ms: number; error?: string };
  /**
   * The releases its index offers (beside the live release, and in the release store when there is one), newest build
   * first, with absolute manifest URLs; `releasesError` says which index could not be read (the others still list).
   */
  releases: Array<Release & { entry: string }>;
  releasesError?: string;
}

/**
 * What a release's code tried on the shop's server and was refused (decision 027): a file outside the files it loads, a
 * write, a process, a connection beyond the configured origins. `remote` and `version` are null when no release's code
 * was on the stack. Counted since this shell started.
 */
export interface RefusedAccessSeen {
  remote: RemoteName | null;
  version: string | null;
  access: string;
  count: number;
  lastAt: string;
}

export interface OperationsState {
  live: RemotesRevision;
  /** The running canary with its figures so far (over the rule's window), or null. */
  canary: CanaryState | null;
  rule: RollbackRule;
  remotes: RemoteOverview[];
  /** Accesses this shell's renderers refused to releases' code, newest first. */
  refusedAccesses: RefusedAccessSeen[];
  /** Origins a release may be loaded from (ALLOWED_RELEASE_ORIGINS, set by whoever runs the shell, not from the console). */
  allowedOrigins: string[];
}

export interface RevisionHistory {
  revisions: RemotesRevision[];
}

export interface OperatorSession {
  operator: string;
  /** What the operator may do (the console shows those sections only); none for a team token. */
  roles: OperatorRole[];
}

/** The console's operators (never their password or token, which only their digests stand for), with their roles. */
export interface OperatorsListing {
  operators: Array<{ name: string; createdAt: string; roles: OperatorRole[] }>;
}

/** Switches one remote to the release at `entry`. `expectedRevision` is the live revision the operator saw. */
export interface SwitchBody {
  remote: RemoteName;
  entry: string;
  expectedRevision: number;
  reason?: string;
}

/** Puts one remote back on the release it had before its last change (the `from` of the newest revision that moved it). */
export interface RollbackBody {
  remote: RemoteName;
  expectedRevision: number;
  reason?: string;
}

/** Makes a kept revision's configuration live again (roll back = restore the revision before the live one). */
export interface RestoreBody {
  revision: number;
  expectedRevision: number;
  reason?: string;
}

/** The canary and how its candidate and the live release fare in browsers and on the server, over the rule's window. */
export interface CanaryState extends Canary {
  version: string;
  liveVersion: string;
  candidateFigures: ReleaseFigures;
  serverFigures: CanaryFigures['server'];
  liveFigures: ReleaseFigures;
}

/** Starts a candidate of `remote` for `share` % of browsers, or changes the running canary's share or candidate. */
export interface CanaryBody {
  remote: RemoteName;
  entry: string;
  share: number;
  expectedRevision: number;
  reason?: string;
}

/** Promotes or aborts the running canary. */
export interface CanaryEndBody {
  expectedRevision: number;
  reason?: string;
}

export interface RevisionResponse {
  revision: RemotesRevision;
}

export type OperationsErrorCode =
  | 'unauthorized'
  | 'forbidden_origin'
  | 'unsupported_media_type'
  | 'invalid_json'
  | 'payload_too_large'
  | 'validation_failed'
  | 'revision_conflict'
  | 'release_refused'
  | 'revision_not_found'
  /** 409: the history kept holds no earlier release of that remote. */
  | 'no_previous_release'
  /** 409: promote or abort without a running canary, or a canary of another remote is running. */
  | 'no_canary'
  | 'canary_running'
  | 'unavailable'
  | 'not_found'
  | 'orders_unavailable'
  /** 503: cart-service's catalogue API cannot be asked (no ADMIN_TOKEN, or it does not answer). */
  | 'catalogue_unavailable'
  | 'operator_not_found'
  /** 409: an operator cannot remove their own account from the console (the command line can). */
  | 'own_account'
  /** 503: too many password checks at once; `Retry-After` says when to try again. */
  | 'busy'
  /** 403: the operator holds none of the roles the route needs (operator-roles.ts). */
  | 'role_forbidden'
  /** 409: an operator cannot take the `admin` role away from themselves (another admin, or the command line, can). */
  | 'own_admin_role'
  /** 403: a team token asked for what only an operator may do, or for another remote (previews.ts). */
  | 'team_forbidden'
  | 'preview_not_found'
  | 'team_not_found'
  /** 409: a team token's name is already an operator's or a team's. */
  | 'name_taken'
  /** 409: MAX_OPEN_PREVIEWS previews are open already. */
  | 'too_many_previews'
  | 'internal_error'
  /** Passed on from cart-service's /admin API (orders): see contracts/src/errors.ts. */
  | ApiErrorCode;

export interface OperationsErrorBody {
  error: {
    code: OperationsErrorCode;
    message: string;
    /** `release_refused`: every check that failed, one French sentence each. */
    reasons?: string[];
    /** `revision_conflict`: the live revision now. */
    current?: RemotesRevision;
    /** `validation_failed` passed on from cart-service: a French message per invalid field of the body. */
    fields?: Record<string, string>;
  };
}

/** The French messages the console and the API agree on. */
export const OPERATIONS_MESSAGES = {
  unauthorized: 'Connexion requise : identifiez-vous sur la console des opérations.',
  badCredentials: 'Nom d’opérateur ou mot de passe incorrect.',
  tooManyAttempts: (seconds: number) => `Trop de tentatives de connexion. Réessayez dans ${seconds} s.`,
  forbiddenOrigin: 'Requête refusée : elle ne vient pas de la console de la boutique.',
  busy: 'Trop de connexions en cours de vérification. Réessayez dans quelques secondes.',
  conflict: (revision: number) =>
    `Un autre opérateur a modifié la configuration entre-temps (révision ${revision}). Voici l’état actuel : vérifiez-le avant de recommencer.`,
  refused: 'Version refusée : elle ne convient pas à la boutique.',
  revisionNotFound: (revision: number) => `La révision ${revision} n’est plus conservée.`,
  noPreviousRelease: (remote: string) => `Aucune version précédente de ${remote} dans l’historique conservé.`,
  unchanged: 'Cette version est déjà en ligne.',
  reasonTooLong: `La raison ne peut pas dépasser ${MAX_REASON_LENGTH} caractères.`,
  ordersUnavailable: 'Le service des commandes ne répond pas. Réessayez dans un instant.',
  catalogueUnavailable: 'Le service du catalogue ne répond pas. Réessayez dans un instant.',
  catalogueUnconfigured: 'Le catalogue n’est pas disponible : ADMIN_TOKEN n’est pas défini pour la boutique.',
  noCanary: 'Aucune version candidate n’est en cours de déploiement progressif.',
  canaryRunning: (remote: string) =>
    `Une version candidate de ${remote} est déjà en cours : promouvez-la ou abandonnez-la avant d’en lancer une autre.`,
  canaryShare: 'La part des navigateurs doit être un nombre entier de 1 à 100 %.',
  canaryIsLive: 'Cette version est déjà en ligne pour tous : choisissez une autre version candidate.',
  operatorNotFound: (name: string) => `Aucun opérateur ne s’appelle « ${name} ».`,
  ownAccount: 'Vous ne pouvez pas retirer votre propre compte depuis la console : un autre opérateur, ou la commande « operators remove », le peut.',
  switchDuringCanary: (remote: string) =>
    `Une version candidate de ${remote} est en cours : promouvez-la ou abandonnez-la avant de changer sa version en ligne.`,
  /** A remote's `releasesError` when the release store's index (RELEASES_PUBLIC_URL) does not answer, or answers 5xx. */
  releaseStoreUnreachable: (indexUrl: string, why: string) => `Le dépôt des versions (${indexUrl}) est injoignable : ${why}.`,
  /** The release checks' refusals about a release's integrity record (release-integrity.ts). `why` ends with a full stop. */
  integrityUnreadable: (why: string) => `La version n’a pas d’empreinte publiée lisible (mf-integrity.json) : ${why}`,
  integrityInvalid: (why: string) => `L’empreinte publiée de la version (mf-integrity.json) n’est pas valide (${why}).`,
  fileChanged: (file: string) => `Le fichier ${file} ne correspond pas à son empreinte publiée (SHA-384) : il a changé après la publication.`,
  fileNotInIntegrity: (file: string) => `Le fichier ${file} n’est pas dans l’empreinte publiée de la version (mf-integrity.json).`,
  moreFilesNotMatching: (count: number) => `… et ${count} autres fichiers ne correspondent pas à l’empreinte publiée.`,
  /** The release checks' refusals about a release's words (mf-messages.json, decision 036). `why` ends with a full stop. */
  messagesUnreadable: (why: string) => `La version ne publie pas lisiblement ses textes (mf-messages.json) : ${why}`,
  messagesMissing: (locale: string, keys: readonly string[], more: number) =>
    `Il manque ${keys.length + more} texte${keys.length + more > 1 ? 's' : ''} en ${locale} : ${keys.join(', ')}${more > 0 ? ` et ${more} autre${more > 1 ? 's' : ''}` : ''}.`,
} as const;

/** The version in a release URL: the folder that holds its manifest (`…/1.0.1/mf-manifest.json` → `1.0.1`). */
export function releaseVersionOf(entry: string): string {
  const segments = entry.split('?')[0]!.split('/');
  return segments[segments.length - 2] || entry;
}

/** What changed from `before` to `after`, one entry per remote whose release is not the same. */
export function changesBetween(before: RemotesConfig | null, after: RemotesConfig): RemoteChange[] {
  return after.remotes
    .map((remote) => ({ name: remote.name, from: before?.remotes.find((r) => r.name === remote.name)?.entry ?? null, to: remote.entry }))
    .filter((change) => change.from !== change.to);
}
