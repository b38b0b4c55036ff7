import type { ExposedModuleId } from '@shop/contracts/exposes';
import type { RemotesConfig } from '@shop/contracts/remotes';
import { inlineableCss, type Stylesheet } from './inline-styles';

interface WebManifest {
  metaData?: { publicPath?: string };
  exposes?: { name: string; assets?: { css?: { sync?: string[]; async?: string[] } } }[];
}

/**
 * The stylesheets of each exposed module, from each release's web manifest, with their text when it can be inlined:
 * the server puts them in the page's head, so the server-rendered parts are styled before any script runs. URLs are
 * resolved against the manifest's own URL (the releases are built with `publicPath: 'auto'`). A manifest that cannot be
 * read gives none (its parts have fallbacks); a stylesheet that cannot be read stays a link.
 */
export async function remoteStylesheets(
  config: RemotesConfig,
  timeoutMs: number,
  integrityOf: (href: string) => string | undefined = () => undefined,
): Promise<Map<ExposedModuleId, Stylesheet[]>> {
  const byModule = new Map<ExposedModuleId, Stylesheet[]>();
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
  await Promise.all(
    config.remotes.map(async ({ name, entry }) => {
      try {
        const response = await fetch(entry, { signal: AbortSignal.timeout(timeoutMs) });
        if (!response.ok) return;
        const manifest = (await response.json()) as WebManifest;
        const base = manifest.metaData?.publicPath && manifest.metaData.publicPath !== 'auto' ? new URL(manifest.metaData.publicPath, entry) : new URL('.', entry);
        for (const expose of manifest.exposes ?? []) {
          const files = [...(expose.assets?.css?.sync ?? []), ...(expose.assets?.css?.async ?? [])];
          const hrefs = files.map((file) => new URL(file, base).href);
          const sheets = await Promise.all(
            hrefs.map(async (href): Promise<Stylesheet> => {
              const integrity = integrityOf(href);
              return { href, css: await text(href), ...(integrity ? { integrity } : {}) };
            }),
          );
          byModule.set(`${name}/${expose.name}` as ExposedModuleId, sheets);
        }
      } catch {
        // No stylesheets for this remote: its parts render unstyled until the browser loads them, or show fallbacks.
      }
    }),
  );
  return byModule;
}
