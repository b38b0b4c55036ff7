import type { ExposedModuleId } from '@shop/contracts/exposes';
import type { RemotesConfig } from '@shop/contracts/remotes';

interface WebManifest {
  metaData?: { publicPath?: string };
  exposes?: { name: string; assets?: { css?: { sync?: string[]; async?: string[] } } }[];
}

/**
 * The stylesheets of each exposed module, from each release's web manifest: the server links them in the page's head,
 * so the server-rendered parts are styled before any script runs. URLs are resolved against the manifest's own URL (the
 * releases are built with `publicPath: 'auto'`). A manifest that cannot be read gives none (its parts have fallbacks).
 */
export async function remoteStylesheets(config: RemotesConfig, timeoutMs: number): Promise<Map<ExposedModuleId, string[]>> {
  const byModule = new Map<ExposedModuleId, string[]>();
  await Promise.all(
    config.remotes.map(async ({ name, entry }) => {
      try {
        const response = await fetch(entry, { signal: AbortSignal.timeout(timeoutMs) });
        if (!response.ok) return;
        const manifest = (await response.json()) as WebManifest;
        const base = manifest.metaData?.publicPath && manifest.metaData.publicPath !== 'auto' ? new URL(manifest.metaData.publicPath, entry) : new URL('.', entry);
        for (const expose of manifest.exposes ?? []) {
          const files = [...(expose.assets?.css?.sync ?? []), ...(expose.assets?.css?.async ?? [])];
          byModule.set(`${name}/${expose.name}` as ExposedModuleId, files.map((file) => new URL(file, base).href));
        }
      } catch {
        // No stylesheets for this remote: its parts render unstyled until the browser loads them, or show fallbacks.
      }
    }),
  );
  return byModule;
}
