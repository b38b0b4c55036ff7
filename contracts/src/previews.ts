import { remoteOf } from './exposes';
import type { RemoteName } from './remotes';
import { pageRoutes, shellRoutes } from './routes';

/**
 * Release previews (decision 030): a private link that shows the real shop, rendered on the server, with candidate
 * releases over the live ones; and team tokens, each scoped to one remote, that a remote team's CI creates them with.
 * What release control, the shell, the console and the release check must agree on lives here once.
 */

/** The cookie that carries a preview's link token in the browser that opened it (HttpOnly, Lax, until it expires). */
export const PREVIEW_COOKIE = 'shop_preview';
/** `/apercu/<token>`: opens the preview in this browser, then shows its home page. */
export const PREVIEW_LINK_PREFIX = '/apercu/';
/** Leaves the preview: the browser sees the live shop again. */
export const PREVIEW_EXIT_PATH = '/apercu/quitter';
/** A link token: 256 random bits, base64url. Anything else is not looked up. */
export const PREVIEW_TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** A preview's id, shown in the console and used to end it (not the token: seeing the list never opens a preview). */
export const PREVIEW_ID = /^[a-f0-9]{16}$/;

export const PREVIEW_TTL = { defaultSeconds: 24 * 60 * 60, minSeconds: 5, maxSeconds: 7 * 24 * 60 * 60 } as const;
/** How many previews may be open at once in the whole shop: each is a record every shell reads, and a link to share. */
export const MAX_OPEN_PREVIEWS = 100;
/** How many releases one preview may name (one per remote). */
export const MAX_PREVIEW_RELEASES = 3;

/** Headers on a preview's pages (never on a shopper's) that tell the release check how the server rendered it. */
export const PREVIEW_RENDER_HEADER = 'Preview-Render';
/** The remotes whose parts fell back on the server (comma-separated), absent when none did. */
export const PREVIEW_FAILED_PARTS_HEADER = 'Preview-Failed-Parts';
/** Why parts were left to the browser (a render error, the deadline): a URI-encoded JSON array of strings. */
export const PREVIEW_PROBLEMS_HEADER = 'Preview-Problems';

export interface PreviewRelease {
  remote: RemoteName;
  /** The release's manifest URL (listed by its remote's `/releases.json`). */
  entry: string;
  version: string;
}

export interface PreviewSummary {
  id: string;
  releases: PreviewRelease[];
  /** The operator or team token that created it. */
  createdBy: string;
  createdAt: string;
  expiresAt: string;
}

/** POST /operations/api/previews */
export interface PreviewBody {
  releases: Array<{ remote: RemoteName; entry: string }>;
  /** Default 24 h (PREVIEW_TTL). */
  expiresInSeconds?: number;
}

/** 201: the link is shown once; only its digest is kept. */
export interface PreviewCreated {
  preview: PreviewSummary;
  link: string;
}

export interface PreviewsListing {
  previews: PreviewSummary[];
}

/** A team token: what an operator sees of it (never the token). */
export interface TeamSummary {
  name: string;
  remote: RemoteName;
  createdBy: string;
  createdAt: string;
}

/** POST /operations/api/teams */
export interface TeamBody {
  name: string;
  remote: RemoteName;
}

/** 201: the token is shown once. */
export interface TeamCreated {
  team: TeamSummary;
  token: string;
}

export interface TeamsListing {
  teams: TeamSummary[];
}

/** GET /operations/api/remotes/:remote/releases */
export interface RemoteReleases {
  remote: RemoteName;
  live: { version: string; entry: string };
  releases: Array<{ version: string; entry: string; builtAt: string }>;
  error?: string;
}

/** POST /operations/api/remotes/:remote/checks: the shop's own checks, as at a switch. */
export interface ReleaseCheckBody {
  entry: string;
}

export interface ReleaseCheckResult {
  remote: RemoteName;
  entry: string;
  version: string;
  /** Empty: the release may go live. One French sentence per failed check otherwise. */
  reasons: string[];
}

/** A team name: what its CI's logs and the console show. */
export const TEAM_NAME = /^[a-z0-9][a-z0-9_-]{1,31}$/;

export const PREVIEW_MESSAGES = {
  banner: (releases: readonly { remote: string; version: string }[]) =>
    `Aperçu : ${releases.map((release) => `${release.remote} ${release.version}`).join(', ')} — ce n'est pas la boutique en ligne`,
  exit: 'Quitter l’aperçu',
  ended: 'Ce lien d’aperçu a pris fin : vous voyez la boutique en ligne.',
  teamForbidden: 'Un jeton d’équipe ne permet pas cette action : elle est réservée aux opérateurs.',
  otherRemote: (team: string) => `Ce jeton d’équipe ne vaut que pour ${team}.`,
  previewNotFound: 'Aucun aperçu en cours ne porte cet identifiant.',
  teamNotFound: (name: string) => `Aucun jeton d’équipe ne s’appelle « ${name} ».`,
  teamName: 'Le nom d’équipe doit faire 2 à 32 caractères : minuscules, chiffres, « - » ou « _ ».',
  nameTaken: (name: string) => `« ${name} » est déjà le nom d’un opérateur ou d’une équipe.`,
  releases: `« releases » doit nommer de 1 à ${MAX_PREVIEW_RELEASES} versions, une par remote : { remote, entry }.`,
  tooMany: `Déjà ${MAX_OPEN_PREVIEWS} aperçus en cours : mettez fin à ceux qui ne servent plus avant d’en ouvrir un autre.`,
  expiry: `« expiresInSeconds » doit être un nombre entier de ${PREVIEW_TTL.minSeconds} à ${PREVIEW_TTL.maxSeconds}.`,
} as const;

/**
 * The pages that compose `remote`, as route patterns: the frame and the cart button are on every page (the header),
 * each other page composes the remote of its module. A release check renders each of them through a preview.
 */
export function pagesComposing(remote: RemoteName): string[] {
  const everyPage = remote === 'mf_frame' || remote === 'mf_cart';
  return [
    ...pageRoutes.filter((route) => everyPage || remoteOf(route.module) === remote).map((route) => route.path),
    ...(everyPage ? shellRoutes.map((route) => route.path) : []),
  ];
}
