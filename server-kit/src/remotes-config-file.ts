import { watch } from 'node:fs';
import type { FSWatcher } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import type { RemotesConfig } from '@shop/contracts/remotes';
import { parseRemotesConfigText } from '@shop/contracts/remotes-schema';

/** Every origin a script may come from: the configured remotes, the canary's candidate and the override allowlist (for the CSP). */
export function remoteOrigins(config: RemotesConfig): string[] {
  const entries = [...config.remotes.map((r) => r.entry), ...(config.canary ? [config.canary.entry] : [])];
  return [...new Set([...entries.map((entry) => new URL(entry).origin), ...(config.overrideOrigins ?? [])])];
}

export interface Logger {
  info(message: string): void;
  error(message: string): void;
}

/**
 * The operators' file. Re-read when it changes; a malformed or incomplete edit is refused with a clear
 * log line and the last good configuration stays live, so a typo never takes the shop down.
 */
export class RemotesConfigFile {
  #current: RemotesConfig;
  #watcher: FSWatcher | undefined;
  #reloading: Promise<void> = Promise.resolve();

  private constructor(
    readonly path: string,
    initial: RemotesConfig,
    private readonly log: Logger,
    private readonly onEdit: (config: RemotesConfig) => void,
  ) {
    this.#current = initial;
  }

  /**
   * Fails when the file is unusable at start: there is no last good configuration to fall back on yet. `onEdit` is
   * called with each valid new content (the live configuration follows it, operations/live-config/live-remotes.ts).
   */
  static async open(path: string, log: Logger, onEdit: (config: RemotesConfig) => void = () => undefined): Promise<RemotesConfigFile> {
    const initial = parseRemotesConfigText(await readFile(path, 'utf8'));
    const file = new RemotesConfigFile(path, initial, log, onEdit);
    file.#watch();
    return file;
  }

  get current(): RemotesConfig {
    return this.#current;
  }

  /** Re-reads the file now; resolves once the new configuration is live or refused. */
  reload(): Promise<void> {
    this.#reloading = this.#reloading.then(async () => {
      try {
        this.accept(await readFile(this.path, 'utf8'));
      } catch (error) {
        this.#refuse((error as Error).message);
      }
    });
    return this.#reloading;
  }

  /** Makes `text` the live configuration if it is valid; otherwise logs why and keeps the last good one. */
  accept(text: string): boolean {
    let next: RemotesConfig;
    try {
      // The one schema of remotes.json (contracts), strict; its messages name every problem.
      next = parseRemotesConfigText(text);
    } catch (error) {
      this.#refuse((error as Error).message.replace(/^remotes\.json: /, ''));
      return false;
    }
    if (JSON.stringify(next) !== JSON.stringify(this.#current)) {
      this.#current = next;
      this.log.info(`remotes.json ${this.path} reloaded: ${next.remotes.map((r) => `${r.name}=${r.entry}`).join(' ')}`);
      this.onEdit(next);
    }
    return true;
  }

  #refuse(reason: string): void {
    this.log.error(`remotes.json ${this.path} refused, keeping the last good configuration: ${reason.replace(/\n/g, '; ')}`);
  }

  close(): void {
    this.#watcher?.close();
  }

  #watch(): void {
    // Watch the folder, not the file: editors and `mv` replace the file, which ends a watch on it.
    const name = basename(this.path);
    this.#watcher = watch(dirname(this.path), (_event, changed) => {
      if (changed === null || changed === name) void this.reload();
    });
    this.#watcher.unref();
  }
}
