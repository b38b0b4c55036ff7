import { createRequire } from 'node:module';
import { SHARED_LIBRARIES, type SharedLibrary } from '@shop/contracts/shared-libraries';

const requireHere = createRequire(import.meta.url);

/**
 * The libraries a renderer worker gives the remotes' Node builds: the very module objects the shell's Node build uses
 * (both resolve them from the shell's node_modules), so a page renders with one React, one router and one SWR cache,
 * as in the browser. The names and version ranges are the browser build's too (contracts' shared-libraries).
 */
export function sharedWithRemotes() {
  const entries = (Object.keys(SHARED_LIBRARIES) as SharedLibrary[]).map((name) => {
    const module: unknown = requireHere(name);
    const { version } = requireHere(`${name}/package.json`) as { version: string };
    const shareConfig = { singleton: true, requiredVersion: SHARED_LIBRARIES[name] };
    return [name, { version, lib: () => module, shareConfig }] as const;
  });
  return Object.fromEntries(entries);
}
