import type { Redis } from 'ioredis';
import type { RemotesConfig } from '@shop/contracts/remotes';
import { RemotesConfigFile, type Logger } from '@shop/server-kit/remotes-config-file';
import { FileRevisionStore } from './file-revision-store';
import { RedisRevisionStore } from './redis-revision-store';
import { purgeReplacedReleases } from './purge-replaced-releases';
import type { EdgePurger } from '@shop/server-kit/edge-purge';
import { FILE_AUTHOR, type RevisionStore } from '../shared/revision-store';

export interface LiveRemotesOptions {
  /** The operators' file: the embedded default, and hand edits of it are still picked up. */
  remotesPath: string;
  /** Where a shell on its own keeps the revisions (beside the file by default). */
  historyPath: string;
  /** With Redis, every shell shares one live configuration (the file then only seeds it and feeds it hand edits). */
  redis?: { client: Redis; prefix: string };
  log: Logger;
  /** The shared caches in front of the shells: each change applied here purges the pages it replaces. */
  purger?: Pick<EdgePurger, 'purge'>;
}

/**
 * The remotes configuration pages are composed from right now: the live revision of the shared store. A valid hand
 * edit of the file becomes a revision like any other (by `remotes.json`), so the history says what happened; an
 * invalid one is refused by the file's reader with a log line, as before.
 */
export class LiveRemotes {
  private constructor(
    readonly store: RevisionStore,
    private readonly file: RemotesConfigFile,
  ) {}

  static async open(options: LiveRemotesOptions): Promise<LiveRemotes> {
    const { log } = options;
    let store: RevisionStore | undefined;
    const file = await RemotesConfigFile.open(options.remotesPath, log, (edited) => {
      if (store && JSON.stringify(edited) !== JSON.stringify(store.live.config)) void followEdit(store, edited, log);
    });
    try {
      store = options.redis
        ? await RedisRevisionStore.open(options.redis.client, file.current, options.redis.prefix)
        : await FileRevisionStore.open(options.remotesPath, options.historyPath);
      if (options.purger) purgeReplacedReleases(store, options.purger);
    } catch (error) {
      file.close();
      throw error;
    }
    store.onChange((revision) =>
      log.info(`remotes revision ${revision.revision} live (by ${revision.by}): ${revision.changes.map((c) => `${c.name}=${c.to}`).join(' ') || 'no change'}`),
    );
    return new LiveRemotes(store, file);
  }

  get current(): RemotesConfig {
    return this.store.live.config;
  }

  async close(): Promise<void> {
    this.file.close();
    await this.store.close();
  }
}

/** A hand edit made from the live revision; if an operator committed meanwhile, the operator's change stands. */
async function followEdit(store: RevisionStore, config: RemotesConfig, log: Logger): Promise<void> {
  try {
    const result = await store.commit({ config, by: FILE_AUTHOR, reason: null }, store.live.revision);
    if (result.kind === 'conflict') log.error(`remotes.json edit not applied: revision ${result.current.revision} was made meanwhile`);
  } catch (error) {
    log.error(`remotes.json edit not applied: ${(error as Error).message}`);
  }
}
