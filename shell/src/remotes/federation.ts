import { getInstance } from '@module-federation/enhanced/runtime';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { ExposedModuleId, ExposedModules } from '@shop/contracts/exposes';
import type { RemoteEntry, RemotesConfig } from '@shop/contracts/remotes';
import { versionOfEntry } from './remotes-config';

const entriesByName = new Map<string, RemoteEntry>();

/**
 * The instance the build plugin created. `createInstance` would make a second one without the
 * shell's shared libraries, and a remote would then load its own React.
 */
function federation() {
  const instance = getInstance();
  if (!instance) throw new Error('Module Federation runtime instance missing: is the shell built with the plugin?');
  return instance;
}

/** Logs every failed remote load with the remote's name and version, so operators can see which release broke. */
const failureLog: ModuleFederationRuntimePlugin = {
  name: 'shop-remote-failure-log',
  errorLoadRemote(args) {
    const remoteName = String(args.id).split('/')[0] ?? String(args.id);
    const entry = entriesByName.get(remoteName);
    console.error(
      `[remotes] échec du chargement de ${String(args.id)} (remote ${remoteName}, version ${
        entry ? versionOfEntry(entry.entry) : 'inconnue'
      }, étape ${args.lifecycle})`,
      args.error,
    );
    // Returning nothing lets the error reach the caller, where an error boundary shows the French fallback.
    return undefined;
  },
};

export function registerConfiguredRemotes(config: RemotesConfig): void {
  for (const remote of config.remotes) entriesByName.set(remote.name, remote);
  const instance = federation();
  instance.registerPlugins([failureLog]);
  instance.registerRemotes(config.remotes.map(({ name, entry }) => ({ name, entry })));
}

export function remoteEntryOf(name: string): RemoteEntry | undefined {
  return entriesByName.get(name);
}

export async function loadExposed<Id extends ExposedModuleId>(id: Id): Promise<ExposedModules[Id]> {
  const module = await federation().loadRemote<ExposedModules[Id]>(id);
  if (!module) throw new Error(`${id}: module vide`);
  return module;
}
