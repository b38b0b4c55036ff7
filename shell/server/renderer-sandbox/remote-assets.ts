import type { ExposedModuleId } from '@shop/contracts/exposes';
import { SHOP_LOCALES, type ShopLocale } from '@shop/contracts/locales';
import { FIRST_WORDS_FIELD, isMessagesChunk, type WithFirstWords } from '@shop/contracts/part-messages-release';
import type { RemotesConfig } from '@shop/contracts/remotes';
import { inlineableCss, type Stylesheet } from './inline-styles';

interface WebManifest {
  /** Every browser file's digest, by its path in the release (tools/release-integrity.ts, decision 032). */
  integrity?: Record<string, unknown>;
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: ({ name: string; assets?: { js?: { sync?: string[]; async?: string[] }; css?: { sync?: string[]; async?: string[] } } } & WithFirstWords)[];
}

/** A script a page needs at once, with its digest when the release records one (decision 032). */
export interface ScriptFile {
  href: string;
  integrity?: string;
  /** Its release's manifest: the browser fetches the file early only once that answered (a host down gets nothing). */
  manifest: string;
}

export interface RemoteAssets {
  /** Each exposed module's stylesheets, with their text when it can be inlined. */
  stylesheets: Map<ExposedModuleId, Stylesheet[]>;
  /** What the browser runs before each exposed module can hydrate: its remote's entry, then the module's own files. */
  scripts: Map<ExposedModuleId, ScriptFile[]>;
  /**
   * Each exposed module's messages chunks per language (decision 036): those it shows when it first renders, which a page
   * needs at once in its language (its regions' come with their code).
   */
  messages: Map<ExposedModuleId, Partial<Record<ShopLocale, ScriptFile[]>>>;
}

/**
 * What each exposed module needs in the browser, from each release's web manifest: its stylesheets (the server puts
 * them in the page's head, so the server-rendered parts are styled before any script runs) and its scripts (named in
 * the head, so the browser fetches them with the page rather than one level at a time once the shell runs). URLs are
 * resolved against the manifest's own URL (the releases are built with `publicPath: 'auto'`). A manifest that cannot be
 * read gives none (its parts have fallbacks); a stylesheet that cannot be read stays a link.
 */
export async function remoteAssets(
  config: RemotesConfig,
  timeoutMs: number,
  integrityOf: (href: string) => string | undefined = () => undefined,
): Promise<RemoteAssets> {
  const assets: RemoteAssets = { stylesheets: new Map(), scripts: new Map(), messages: new Map() };
  const texts = new Map<string, Promise<string | null>>();
  const text = (href: string) => {
    let css = texts.get(href);
    if (!css) {
      css = fetch(href, { signal: AbortSignal.timeout(timeoutMs) })
        .then(async (response) => (response.ok ? inlineableCss(await response.text()) : null))
        .catch(() => null);
      texts.set(href, css);
    }
    return css;
  };
  // A file's digest: the release's record as the shell verified it, else the one its manifest carries (the manifest's
  // own bytes are verified, decision 032).
  const digests = new Map<string, string>();
  const script = (href: string, manifest: string): ScriptFile => {
    const integrity = integrityOf(href) ?? digests.get(href);
    return integrity ? { href, integrity, manifest } : { href, manifest };
  };
  await Promise.all(
    config.remotes.map(async ({ name, entry }) => {
      try {
        const response = await fetch(entry, { signal: AbortSignal.timeout(timeoutMs) });
        if (!response.ok) return;
        const manifest = (await response.json()) as WebManifest;
        const base = manifest.metaData?.publicPath && manifest.metaData.publicPath !== 'auto' ? new URL(manifest.metaData.publicPath, entry) : new URL('.', entry);
        for (const [file, digest] of Object.entries(manifest.integrity ?? {})) {
          if (typeof digest === 'string' && digest.startsWith('sha384-')) digests.set(new URL(file, base).href, digest);
        }
        const remoteEntry = manifest.metaData?.remoteEntry?.name;
        const entryScript = remoteEntry ? [script(new URL(`${manifest.metaData?.remoteEntry?.path ?? ''}${remoteEntry}`, base).href, entry)] : [];
        for (const expose of manifest.exposes ?? []) {
          const id = `${name}/${expose.name}` as ExposedModuleId;
          const files = [...(expose.assets?.css?.sync ?? []), ...(expose.assets?.css?.async ?? [])];
          const hrefs = files.map((file) => new URL(file, base).href);
          const sheets = await Promise.all(
            hrefs.map(async (href): Promise<Stylesheet> => {
              const integrity = integrityOf(href) ?? digests.get(href);
              return { href, css: await text(href), ...(integrity ? { integrity } : {}) };
            }),
          );
          assets.stylesheets.set(id, sheets);
          assets.scripts.set(id, [...entryScript, ...(expose.assets?.js?.sync ?? []).map((file) => script(new URL(file, base).href, entry))]);
          const later = expose.assets?.js?.async ?? [];
          const first = expose[FIRST_WORDS_FIELD];
          const messages = SHOP_LOCALES.map((locale) => [locale, later.filter((file) => isMessagesChunk(file, locale, first)).map((file) => script(new URL(file, base).href, entry))]);
          assets.messages.set(id, Object.fromEntries(messages) as Partial<Record<ShopLocale, ScriptFile[]>>);
        }
      } catch {
        // Nothing for this remote: its parts render unstyled until the browser loads them, or show fallbacks.
      }
    }),
  );
  return assets;
}
