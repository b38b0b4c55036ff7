import type { RemotesConfig } from '@shop/contracts/remotes';
import { REMOTES_SCRIPT_ID } from '../src/remotes/remotes-config';
import { modulesForPath } from '../src/routes/modules-for-path';
import type { ManifestCache } from './manifest-cache';

const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * What goes into the page's <head> so the browser starts everything the first screen needs while it parses the HTML,
 * instead of discovering it level by level (HTML → shell → remotes.json → manifests → remote entries → chunks):
 * - the remotes configuration itself, inline (no round trip for /remotes.json);
 * - a preload of each release's manifest, which the federation runtime then finds in the preload cache;
 * - when the manifest is known to the server, preloads of the remote entries and of the route's exposed modules.
 * Preloads only fetch: the browser runs nothing the runtime would not have run, and a per-browser override
 * (?mf-override=) simply ignores the hints for its remote.
 */
export function pageHints(config: RemotesConfig, pathname: string, manifests: ManifestCache): string {
  const tags: string[] = [];
  // `<` is escaped so the JSON can never close the script element.
  tags.push(`<script type="application/json" id="${REMOTES_SCRIPT_ID}">${JSON.stringify(config).replace(/</g, '\\u003c')}</script>`);
  const needed = modulesForPath(pathname);
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const remote of config.remotes) {
    tags.push(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${attr(remote.entry)}">`);
    const files = manifests.get(remote.entry);
    if (!files) continue;
    scripts.add(files.remoteEntry);
    for (const id of needed) {
      const [name, expose] = id.split('/') as [string, string];
      if (name !== remote.name) continue;
      const assets = files.exposes.get(`./${expose}`);
      assets?.js.forEach((file) => scripts.add(file));
      assets?.css.forEach((file) => styles.add(file));
    }
  }
  for (const href of styles) tags.push(`<link rel="preload" as="style" href="${attr(href)}">`);
  for (const href of scripts) tags.push(`<link rel="preload" as="script" href="${attr(href)}">`);
  return tags.join('');
}

/** The HTML with the hints right after the charset declaration (which must stay in the first 1024 bytes). */
export function withHints(html: string, hints: string): string {
  const charset = /<meta charset="[^"]*"\s*\/?>/i;
  if (charset.test(html)) return html.replace(charset, (meta) => `${meta}${hints}`);
  return html.replace(/<head>/i, (head) => `${head}${hints}`);
}
