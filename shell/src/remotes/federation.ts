import { getInstance } from '@module-federation/enhanced/runtime';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { ExposedModuleId, ExposedModules } from '@shop/contracts/exposes';
import type { RemoteEntry, RemotesConfig } from '@shop/contracts/remotes';
import { hydrationGate, type HydrationGate } from './hydration-gate';
import type { RemoteLoader } from './remote-loader';
import { versionOfEntry } from './remotes-config';
import { subresourceIntegrity } from './subresource-integrity';

const entriesByName = new Map<string, RemoteEntry>();

/** Manifest fetches are retried this many times, with exponential backoff, before the fallback shows. */
export const MANIFEST_RETRIES = 2;
const BACKOFF_MS = 250;

/**
 * The instance the build plugin created. `createInstance` would make a second one without the
 * shell's shared libraries, and a remote would then load its own React.
 */
function federation() {
  const instance = getInstance();
  if (!instance) throw new Error('Module Federation runtime instance missing: is the shell built with the plugin?');
  return instance;
}

function describe(remoteName: string): string {
  const entry = entriesByName.get(remoteName);
  return `remote ${remoteName}, version ${entry ? versionOfEntry(entry.entry) : 'unknown'}`;
}

/** Logs every failed remote load with the remote's name and version, so operators can see which release broke. */
const failureLog: ModuleFederationRuntimePlugin = {
  name: 'shop-remote-failure-log',
  errorLoadRemote(args) {
    const remoteName = String(args.id).split('/')[0] ?? String(args.id);
    console.error(`[remotes] failed to load ${String(args.id)} (${describe(remoteName)}, lifecycle ${args.lifecycle})`, args.error);
    // Returning nothing lets the error reach the caller, where an error boundary shows the French fallback.
    return undefined;
  },
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A short network blip or a remote host restarting should not cost the shopper a part of the page. */
const manifestRetry: ModuleFederationRuntimePlugin = {
  name: 'shop-manifest-retry',
  async fetch(url, init) {
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await fetch(url, init);
        if (response.ok || response.status < 500 || attempt === MANIFEST_RETRIES) return response;
      } catch (error) {
        if (attempt === MANIFEST_RETRIES) throw error;
      }
      console.warn(`[remotes] ${url}: retry ${attempt + 1}/${MANIFEST_RETRIES}`);
      await sleep(BACKOFF_MS * 2 ** attempt);
    }
  },
};

export function registerConfiguredRemotes(config: RemotesConfig): void {
  for (const remote of config.remotes) entriesByName.set(remote.name, remote);
  const instance = federation();
  instance.registerPlugins([manifestRetry, subresourceIntegrity, failureLog]);
  instance.registerRemotes(config.remotes.map(({ name, entry }) => ({ name, entry })));
}

/**
 * Starts every remote's manifest and the code the first screen needs at once, in parallel, instead of
 * letting each part discover its remote while rendering (a request waterfall).
 */
export function preloadModules(ids: readonly ExposedModuleId[]): void {
  const exposesByRemote = new Map<string, string[]>();
  for (const id of ids) {
    const [remote, expose] = id.split('/') as [string, string];
    exposesByRemote.set(remote, [...(exposesByRemote.get(remote) ?? []), `./${expose}`]);
  }
  const instance = federation();
  for (const [nameOrAlias, exposes] of exposesByRemote) {
    // One call per remote, so a dead remote cannot hold up the others' preloads.
    instance.preloadRemote([{ nameOrAlias, exposes, resourceCategory: 'sync' }]).catch((error: unknown) => {
      console.warn(`[remotes] preload failed (${describe(nameOrAlias)})`, error);
    });
  }
}

export async function loadExposed<Id extends ExposedModuleId>(id: Id): Promise<ExposedModules[Id]> {
  const module = await federation().loadRemote<ExposedModules[Id]>(id);
  if (!module) throw new Error(`${id}: module vide`);
  return module;
}

/**
 * The browser's loader for the slots. `serverFailed`: the modules the server could not load and rendered as fallbacks
 * (from the page snapshot); those slots hydrate as the same fallback, then try again here. `report`: what became of
 * each slot, for the telemetry. `hydrating`: the page is server HTML, so a deferred part's slot gets a gate (one per module).
 */
export function browserLoader(serverFailed: readonly ExposedModuleId[] = [], report?: RemoteLoader['report'], hydrating = false): RemoteLoader {
  const failed = new Set<ExposedModuleId>(serverFailed);
  const gates = new Map<ExposedModuleId, HydrationGate>();
  return {
    load: loadExposed,
    serverFailure: (id) => (failed.has(id) ? new Error(`${id}: indisponible lors du rendu sur le serveur`) : null),
    report,
    hydrationGate(id) {
      if (!hydrating) return null;
      let gate = gates.get(id);
      if (!gate) gates.set(id, (gate = hydrationGate()));
      return gate;
    },
  };
}
