import { readFile, rename, writeFile } from 'node:fs/promises';
import type { RemotesConfig } from '@shop/contracts/remotes';
import { parseRemotesConfigText } from '@shop/contracts/remotes-schema';
import type { RemotesRevision } from '@shop/contracts/operations';
import { FILE_AUTHOR, nextRevision, REVISIONS_KEPT, type CommitResult, type ProposedChange, type RevisionStore } from '../shared/revision-store';

/**
 * One shell on its own: the operators' file is the live configuration (a console change rewrites it, so it stays the
 * truth after a restart) and the revisions are kept in a file beside it (`remotes.history.json`). Commits are
 * serialised in this process; two shells must share Redis instead (redis-revision-store.ts).
 */
export class FileRevisionStore implements RevisionStore {
  #revisions: RemotesRevision[];
  #listeners = new Set<(revision: RemotesRevision) => void>();
  #queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly remotesPath: string,
    private readonly historyPath: string,
    revisions: RemotesRevision[],
  ) {
    this.#revisions = revisions;
  }

  /** Reads the file (throws when it is unusable) and the kept history; an edit made while the shell was stopped becomes a revision. */
  static async open(remotesPath: string, historyPath: string): Promise<FileRevisionStore> {
    const config = parseRemotesConfigText(await readFile(remotesPath, 'utf8'));
    const kept = await readHistory(historyPath);
    const store = new FileRevisionStore(remotesPath, historyPath, kept);
    const live = kept[0];
    if (!live || JSON.stringify(live.config) !== JSON.stringify(config)) {
      store.#revisions = [nextRevision(live ?? null, { config, by: FILE_AUTHOR, reason: null }), ...kept].slice(0, REVISIONS_KEPT);
      await store.#saveHistory();
    }
    return store;
  }

  get live(): RemotesRevision {
    return this.#revisions[0]!;
  }

  history(): Promise<RemotesRevision[]> {
    return Promise.resolve([...this.#revisions]);
  }

  commit(change: ProposedChange, expectedRevision: number): Promise<CommitResult> {
    const run = this.#queue.then(async (): Promise<CommitResult> => {
      const live = this.live;
      if (live.revision !== expectedRevision) return { kind: 'conflict', current: live };
      const revision = nextRevision(live, change);
      // The file first: if writing it fails, nothing changed. A hand edit is already in the file: left as it was written.
      if (!(await fileHolds(this.remotesPath, change.config))) {
        await writeAtomically(this.remotesPath, `${JSON.stringify(change.config, null, 2)}\n`);
      }
      this.#revisions = [revision, ...this.#revisions].slice(0, REVISIONS_KEPT);
      await this.#saveHistory();
      for (const listener of this.#listeners) listener(revision);
      return { kind: 'committed', revision };
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }

  onChange(listener: (revision: RemotesRevision) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async close(): Promise<void> {
    await this.#queue;
    this.#listeners.clear();
  }

  #saveHistory(): Promise<void> {
    return writeAtomically(this.historyPath, JSON.stringify({ revisions: this.#revisions }));
  }
}

/** The kept revisions, newest first; none when the file is missing or unreadable (history is a record, not the truth). */
async function readHistory(path: string): Promise<RemotesRevision[]> {
  try {
    const { revisions } = JSON.parse(await readFile(path, 'utf8')) as { revisions?: RemotesRevision[] };
    if (!Array.isArray(revisions)) return [];
    // Each kept configuration must still pass the schema; a revision that does not is dropped from the record.
    return revisions.filter((revision) => {
      try {
        parseRemotesConfigText(JSON.stringify(revision.config));
        return Number.isInteger(revision.revision);
      } catch {
        return false;
      }
    });
  } catch {
    return [];
  }
}

/** Whether the file already describes `config` (however it is formatted). */
async function fileHolds(path: string, config: RemotesConfig): Promise<boolean> {
  try {
    return JSON.stringify(parseRemotesConfigText(await readFile(path, 'utf8'))) === JSON.stringify(config);
  } catch {
    return false;
  }
}

/** Write-then-rename: a reader (or the watcher) never sees half a file. */
async function writeAtomically(path: string, text: string): Promise<void> {
  const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, path);
}

