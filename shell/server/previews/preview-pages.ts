import type { Context, Middleware } from 'koa';
import {
  PREVIEW_COOKIE,
  PREVIEW_EXIT_PATH,
  PREVIEW_FAILED_PARTS_HEADER,
  PREVIEW_LINK_PREFIX,
  PREVIEW_MESSAGES,
  PREVIEW_PROBLEMS_HEADER,
  PREVIEW_RENDER_HEADER,
  PREVIEW_TOKEN,
} from '@shop/contracts/previews';
import type { OpenPreview, ReleaseControl } from '@shop/release-control/server';
import { escapeHtml } from '@shop/server-kit/escape-html';

/** What a request's preview cookie gave: an open preview, a link that has ended (its notice), or nothing. */
export type PreviewState = { kind: 'open'; preview: OpenPreview } | { kind: 'ended' } | null;

/** What this request's preview cookie opened (previewPages sets it; null without a cookie). */
export const previewStateOf = (ctx: Context): PreviewState => (ctx.state as { preview?: PreviewState }).preview ?? null;

/** The preview this request is served from, or null: the live shop. */
export function openPreviewOf(ctx: Context): OpenPreview | null {
  const state = previewStateOf(ctx);
  return state?.kind === 'open' ? state.preview : null;
}

/** How long a browser keeps the cookie of a link that opens nothing: long enough to show the notice once. */
const ENDED_LINK_SECONDS = 60;
const AFTER_EXPIRY_MS = 24 * 60 * 60 * 1000;

function setPreviewCookie(ctx: Context, token: string | null, maxAgeMs = 0): void {
  // HttpOnly: only the server reads it. Lax: it comes with the navigations of the browser that opened the link (a chat
  // app's link is one), never with another site's requests.
  ctx.cookies.set(PREVIEW_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: ctx.secure, path: '/', maxAge: token ? maxAgeMs : 0, overwrite: true });
}

/** A preview's pages, and the links around them, are no search engine's and no shared cache's. */
function keepPrivate(ctx: Context): void {
  ctx.set('Cache-Control', 'private, no-store');
  ctx.set('X-Robots-Tag', 'noindex, nofollow');
  ctx.vary('Cookie');
}

/**
 * Release previews in the shop (decision 030). `/apercu/<token>` opens a preview in this browser (a cookie until the
 * preview expires) and shows its home page; `/apercu/quitter` leaves it. Every request of a browser holding the cookie
 * is told what it opens (`ctx.state.preview`): pages are then rendered with the preview's configuration, private and
 * out of search engines. A link that has ended (revoked, expired, or never real) shows the live shop with a notice
 * once: the page that shows it takes the cookie back. Without the cookie nothing here happens: shoppers never see a preview.
 */
export function previewPages(previews: ReleaseControl['previews']): Middleware<{ preview?: PreviewState }> {
  return async (ctx, next) => {
    if (ctx.path === PREVIEW_EXIT_PATH) {
      setPreviewCookie(ctx, null);
      keepPrivate(ctx);
      ctx.redirect('/');
      ctx.status = 303;
      return;
    }
    if (ctx.path.startsWith(PREVIEW_LINK_PREFIX)) {
      const token = ctx.path.slice(PREVIEW_LINK_PREFIX.length);
      if (!PREVIEW_TOKEN.test(token)) return next();
      const preview = await previews.open(token);
      // The cookie outlives the preview by a day: a browser that comes back after it expired is told so, not silently
      // shown the live shop as if it were the preview.
      setPreviewCookie(ctx, token, preview ? Date.parse(preview.expiresAt) - Date.now() + AFTER_EXPIRY_MS : ENDED_LINK_SECONDS * 1000);
      keepPrivate(ctx);
      // The token leaves the address bar: the page's own URL (and any Referer it sends) never carries it.
      ctx.set('Referrer-Policy', 'no-referrer');
      ctx.redirect('/');
      ctx.status = 303;
      return;
    }
    const token = ctx.cookies.get(PREVIEW_COOKIE);
    if (token) {
      const preview = PREVIEW_TOKEN.test(token) ? await previews.open(token) : null;
      // An ended link's cookie is taken back by the page that shows its notice (`endedNoticeShown`), not by whichever
      // of the page's requests (a script, an API call) happens to come first after the end.
      ctx.state.preview = preview ? { kind: 'open', preview } : { kind: 'ended' };
      keepPrivate(ctx);
    }
    return next();
  };
}

/** The page showing an ended link's notice takes the cookie back: the notice shows once. */
export function endedNoticeShown(ctx: Context): void {
  setPreviewCookie(ctx, null);
}

const BANNER_STYLE =
  'position:sticky;bottom:0;z-index:1000;margin:0;padding:.6rem 1rem;background:#1f2a24;color:#fff;font:600 .95rem/1.4 system-ui,sans-serif;text-align:center';

/** The page's banner: which releases it shows and the way out, or the notice of a link that has ended. */
export function previewBanner(state: PreviewState): string {
  if (!state) return '';
  if (state.kind === 'ended') {
    return `<section aria-label="Aperçu terminé" style="${BANNER_STYLE}"><p role="status" style="margin:0">${escapeHtml(PREVIEW_MESSAGES.ended)}</p></section>`;
  }
  const text = PREVIEW_MESSAGES.banner(state.preview.releases);
  return (
    `<section aria-label="Aperçu" data-preview="${escapeHtml(state.preview.id)}" style="${BANNER_STYLE}"><p style="margin:0">${escapeHtml(text)} ` +
    `<a href="${PREVIEW_EXIT_PATH}" style="color:#fff;text-decoration:underline;margin-inline-start:.75rem">${escapeHtml(PREVIEW_MESSAGES.exit)}</a></p></section>`
  );
}

/**
 * The page with the banner last in its body, after the part React hydrates (never inside it), held at the bottom of
 * the screen: the page's own skip link stays the first thing a keyboard reaches, and nothing of the page is covered.
 */
export function withPreviewBanner(html: string, state: PreviewState): string {
  const banner = previewBanner(state);
  if (!banner) return html;
  return html.includes('</body>') ? html.replace('</body>', () => `${banner}</body>`) : `${html}${banner}`;
}

/** The preview's page is kept out of search engines by its own head too (the header covers what the page does not). */
export const PREVIEW_HEAD = '<meta name="robots" content="noindex, nofollow">';

/** What the release check is told of a preview page's server render: the parts left to the browser, and why. */
export interface RenderOutcome {
  failedRemotes: readonly string[];
  problems: readonly string[];
}

/** For the release check: how the server rendered a preview's page (never sent on a shopper's page). */
export function previewRenderHeaders(ctx: Context, page: RenderOutcome | null): void {
  ctx.set(PREVIEW_RENDER_HEADER, page ? 'server' : 'browser');
  if (!page) return;
  if (page.failedRemotes.length > 0) ctx.set(PREVIEW_FAILED_PARTS_HEADER, page.failedRemotes.join(','));
  if (page.problems.length > 0) ctx.set(PREVIEW_PROBLEMS_HEADER, encodeURIComponent(JSON.stringify(page.problems.map((problem) => problem.slice(0, 300)).slice(0, 10))));
}
