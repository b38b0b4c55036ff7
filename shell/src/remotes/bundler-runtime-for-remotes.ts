/**
 * A federation runtime plugin of the shell (rsbuild.config.ts): it hands the page's one copy of Module Federation's
 * bundler runtime to the remotes' entries (contracts' federation-bundler-runtime, decision 037). It runs when the
 * shell's federation runtime starts, before any remote entry is fetched.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import { createInstance, getInstance } from '@module-federation/runtime';
import federation, { type Federation } from '@module-federation/webpack-bundler-runtime';
// The package leaves it out of a build that exposes nothing, as the shell's: the remotes' containers need it.
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';
import { provideBundlerRuntime } from '@shop/contracts/federation-bundler-runtime';

declare const FEDERATION_BUNDLER_RUNTIME_VERSION: string;

/**
 * `init` of `@module-federation/runtime` as a remote's container needs it. That `init` finds an existing instance by
 * the build's identifier first (here the shell's) and makes the instance it returns the page's (what `getInstance()`
 * answers, and the shell asks it for its own: federation.ts): both right for the copy a build bundles for itself, both
 * wrong when the remotes' containers call the shell's copy. This one finds the container's instance by its name and
 * version only, and leaves the page's instance alone.
 */
function initContainer(options: Parameters<typeof createInstance>[0]) {
  const normalized = { ...options, id: options.id || '' };
  const existing = getInstance(({ options: { name, version } }) => name === options.name && (options.version ? version === options.version : !version));
  if (!existing) return createInstance(normalized);
  existing.initOptions(normalized);
  return existing;
}

/** A container's own federation object: fresh options, share scope and instance slots; the shell's functions. */
export function forContainer(): Federation {
  const { runtime, bundlerRuntime, attachShareScopeMap } = federation;
  if (!runtime || !bundlerRuntime) throw new Error('the federation bundler runtime has no runtime to share');
  return {
    runtime: { ...runtime, init: initContainer },
    instance: undefined,
    initOptions: undefined,
    bundlerRuntime: { ...bundlerRuntime, initContainerEntry, S: {} },
    attachShareScopeMap,
    bundlerRuntimeOptions: {},
  };
}

export default function bundlerRuntimeForRemotes(): ModuleFederationRuntimePlugin {
  provideBundlerRuntime({ version: FEDERATION_BUNDLER_RUNTIME_VERSION, forContainer });
  return { name: 'shop-bundler-runtime-for-remotes' };
}
