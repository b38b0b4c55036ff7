/**
 * One copy of Module Federation's bundler runtime on a page (decision 037). Every container (the shell, each remote)
 * needs its own federation object (`__webpack_require__.federation`: its instance, its options, its share scope), but
 * the functions behind it take the container's `__webpack_require__` as an argument and hold nothing. The shell
 * provides them under one global before any remote entry runs; a remote entry built for the browser imports its
 * federation object from there (tools/federation.ts swaps the package for `federation-bundler-runtime-from-shell`)
 * instead of bundling ~4.5 kB of it again.
 */

/** The global the shell's provider sets. Named here so that both halves agree. */
export const BUNDLER_RUNTIME_GLOBAL = '__shopFederationBundlerRuntime';

export interface BundlerRuntimeProvider<Container = unknown> {
  /** `@module-federation/webpack-bundler-runtime`'s version the shell was built with. */
  version: string;
  /** A new federation object for one container: nothing in it is shared but the functions. */
  forContainer(): Container;
}

type WithProvider = Record<typeof BUNDLER_RUNTIME_GLOBAL, BundlerRuntimeProvider | undefined>;

/** The shell's side: set once, before its federation instance loads any remote. */
export function provideBundlerRuntime(provider: BundlerRuntimeProvider, scope: object = globalThis): void {
  (scope as WithProvider)[BUNDLER_RUNTIME_GLOBAL] = provider;
}

/**
 * A remote entry's side: its own federation object, made by the shell's runtime. The remote was built against
 * `expectedVersion`; another version's functions may not match the glue its bundler generated, so a mismatch fails
 * the remote's entry with a message naming both (the shell's slot then shows its fallback and logs it).
 */
export function federationFromShell(container: string, expectedVersion: string, scope: object = globalThis): unknown {
  const provider = (scope as WithProvider)[BUNDLER_RUNTIME_GLOBAL];
  if (!provider) {
    throw new Error(`${container}: no federation bundler runtime on this page; a remote's browser build runs inside the shop's shell`);
  }
  if (provider.version !== expectedVersion) {
    throw new Error(`${container}: built for the federation bundler runtime ${expectedVersion}, the shell provides ${provider.version}`);
  }
  return provider.forContainer();
}
