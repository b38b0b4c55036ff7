import type { RemotesConfig } from '@shop/contracts/remotes';
import { DEFAULT_LOCALE, textDirection, type ShopLocale } from '@shop/contracts/locales';
import { STYLE_2_PATHS } from '@shop/contracts/routes';
import { PAGE_SNAPSHOT_ID } from '../../shared/page-ids';
import { SHOP_NAME } from '../../shared/shop';
import { withoutComments } from '../../shared/plain-script';
import { OVERRIDE_PARAM, OVERRIDE_STORAGE_KEY } from '../../shared/override-keys';
import { CART_SESSION_MARK_COOKIE } from '@shop/contracts/session-claim';
import { START_ON_INTENT } from '@shop/contracts/forms';
import { escapeHtml } from '@shop/server-kit/escape-html';
import type { Stylesheet } from '../renderer-sandbox/inline-styles';
import type { RenderedPage } from '../renderer-sandbox/renderer-protocol';
import { jsonScript, pageHints, safeScripts, withHints } from './page-hints';
import type { ScriptFile } from '../renderer-sandbox/remote-assets';

/** The shell's built page (`dist/index.html`) and its first screen's stylesheets, from Rsbuild's asset manifest. */
export interface PageTemplate {
  html: string;
  shellStylesheets: Stylesheet[];
  /** The script that holds taps on controls not hydrated yet, inlined first in the head (decision 026); '' for none. */
  earlyScript: string;
}

/** The plain script (public/) inlined first in a server-rendered page's head: taps held until their part hydrates. */
export const HOLD_UNTIL_HYDRATED = 'hold-until-hydrated.js';

/** The script as it is inlined: without its comments and indentation (they would be sent with every page). */
export const inlineScript = withoutComments;

/**
 * The page the browser gets when the server could not render it: the shell's HTML with the remotes' hints; the
 * browser renders everything, as before server rendering.
 */
export function browserRenderedPage(template: PageTemplate, config: RemotesConfig, metadata = '', locale: ShopLocale = DEFAULT_LOCALE): string {
  return withPageLanguage(withMetadata(withHints(template.html, pageHints(config)), metadata), locale);
}

/** The page's language and direction on its root element (decision 036): `<html lang="ar-MA" dir="rtl">`. */
function withPageLanguage(html: string, locale: ShopLocale): string {
  return html.replace(/<html\b[^>]*>/, `<html lang="${locale}" dir="${textDirection(locale)}">`);
}

/** The template's generic description gives way to the page's own metadata tags, after the title. */
function withMetadata(html: string, metadata: string): string {
  if (!metadata) return html;
  return html.replace(/<meta name="description"[^>]*>\s*/i, '').replace(/<\/title>/i, (end) => `${end}${metadata}`);
}

/** When the start script runs the page's scripts: at the shopper's first intent, or once painted (decision 047). */
export type ScriptsStart = 'intent' | 'paint';

/**
 * A page with parts the renderer left to the browser (`problems`: late or failed on the server, written as React's
 * client-rendered boundaries) shows nothing there until its scripts run: it starts them once painted, not at the
 * shopper's first intent.
 */
export function scriptsStartOf(page: Pick<RenderedPage, 'problems'>): ScriptsStart {
  return page.problems.length > 0 ? 'paint' : 'intent';
}

/**
 * The built page with its scripts requested by the start script (decisions 018 and 047): Rsbuild's entry script and
 * its preloads become attributes of the start script, and the preloads of stylesheets the page carries inline go.
 * A page whose entry script is not where Rsbuild writes it is left as it is.
 */
export function scriptsOnIntent(html: string, inlined: ReadonlySet<string>, remoteScripts: readonly ScriptFile[] = [], when: ScriptsStart = 'intent'): string {
  const entry = /<script defer src="([^"]+)"><\/script>/.exec(html);
  if (!entry) return html;
  const preloads: string[] = [];
  const rest = html
    .replace(/<link href="([^"]+)" rel="preload" as="script">/g, (_link, href: string) => {
      preloads.push(href);
      return '';
    })
    .replace(/<link href="([^"]+)" rel="preload" as="style">/g, (link, href: string) => (inlined.has(href) ? '' : link));
  const remotes = remoteScripts.length ? ` data-remote-preload="${escapeHtml(JSON.stringify(remoteScripts))}"` : '';
  // Once painted, not at the first intent, when the browser's own state makes the page differ from the server's HTML:
  // it holds a cart session (the HTML shows an empty cart), or a trial release (the page is rendered again with it).
  const browserState = ` data-session-mark="${CART_SESSION_MARK_COOKIE}" data-trial-param="${OVERRIDE_PARAM}" data-trial-key="${OVERRIDE_STORAGE_KEY}"`;
  const start = `<script defer src="${START_ON_INTENT}" data-start="${when}" data-entry="${escapeHtml(entry[1]!)}" data-preload="${escapeHtml(preloads.join(' '))}"${remotes}${browserState}></script>`;
  return rest.replace(entry[0], () => start);
}

/**
 * A server-rendered page: the hints of the configuration it was rendered with, the title the browser would set, what
 * search engines and link previews read of it (seo/: description, canonical, Open Graph, JSON-LD), the
 * first screen's styles (inline where they can be: no unstyled flash, no request before the first paint), the rendered
 * tree in #root, the snapshot the browser hydrates with, and the scripts, run once the shopper reaches for the page.
 */
export function serverRenderedPage(
  template: PageTemplate,
  config: RemotesConfig,
  pathname: string,
  page: RenderedPage,
  metadata = '',
  locale: ShopLocale = DEFAULT_LOCALE,
): string {
  // React writes the resources it wants early (the first product images) before the tree: they belong in the head.
  const [, early = '', tree = page.html] = /^((?:<link [^>]*>)*)([\s\S]*)$/.exec(page.html) ?? [];
  const styles = stylesheetTags([...template.shellStylesheets, ...page.stylesheets]);
  const snapshot = jsonScript(PAGE_SNAPSHOT_ID, page.snapshot);
  const inlined = new Set(template.shellStylesheets.filter((sheet) => sheet.css !== null).map((sheet) => sheet.href));
  const html = withHints(scriptsOnIntent(template.html, inlined, safeScripts(page.scripts), scriptsStartOf(page)), pageHints(config) + styles + early)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(`${SHOP_NAME} ${pathname}`)}</title>`);
  return withPageLanguage(withMetadata(html, metadata), locale)
    .replace('<head>', () => (template.earlyScript ? `<head><script>${template.earlyScript}</script>` : '<head>'))
    .replace('<body>', STYLE_2_PATHS.has(pathname) ? '<body class="style-2">' : '<body>')
    .replace('<div id="root"></div>', () => `<div id="root">${tree}</div>${snapshot}`);
}

/**
 * The first screen's styles as the page carries them: inline where they can be (no request stands between the HTML
 * and the first paint, least of all to the remotes' origins, each a new connection on a phone), else as links.
 * The browser's federation runtime links the same files when it loads the modules: the rules are the same, applied
 * twice, after the first paint.
 */
export function stylesheetTags(sheets: readonly Stylesheet[]): string {
  return sheets
    .map(({ href, css, integrity }) =>
      css !== null
        ? `<style data-href="${escapeHtml(href)}">${css}</style>`
        : integrity
          ? `<link rel="stylesheet" href="${escapeHtml(href)}" integrity="${escapeHtml(integrity)}" crossorigin="anonymous">`
          : `<link rel="stylesheet" href="${escapeHtml(href)}">`,
    )
    .join('');
}
