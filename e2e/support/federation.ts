import type { Page } from '@playwright/test';

export const SHARED_SINGLETONS = ['react', 'react-dom', 'react-router-dom', 'swr', 'react-toastify'] as const;

export interface SharedUse {
  /** Every package that provided a copy used by some instance. */
  providers: string[];
  versions: string[];
  loadedCopies: number;
}

/** Reads the federation runtime's share scope: who provided each shared library that got loaded. */
export async function readSharedUse(page: Page): Promise<Record<string, SharedUse>> {
  return page.evaluate((libs) => {
    type Entry = { from: string; version: string; loaded?: boolean };
    const federation = (globalThis as unknown as { __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, Entry>>>> } }).__FEDERATION__;
    const result: Record<string, { providers: string[]; versions: string[]; loadedCopies: number }> = {};
    for (const lib of libs) {
      const loaded = new Map<string, Entry>();
      for (const scopes of Object.values(federation.__SHARE__)) {
        for (const scope of Object.values(scopes)) {
          for (const entry of Object.values(scope[lib] ?? {})) {
            // The same provided copy is registered in every instance's scope; count distinct copies.
            if (entry.loaded) loaded.set(`${entry.from}@${entry.version}`, entry);
          }
        }
      }
      result[lib] = {
        providers: [...new Set([...loaded.values()].map((e) => e.from))],
        versions: [...new Set([...loaded.values()].map((e) => e.version))],
        loadedCopies: loaded.size,
      };
    }
    return result;
  }, SHARED_SINGLETONS);
}
