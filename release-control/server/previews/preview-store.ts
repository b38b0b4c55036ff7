import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { PreviewSummary } from '@shop/contracts/previews';

/** A preview as stored: its summary and the digest of its link's token (never the token). */
export interface PreviewRecord extends PreviewSummary {
  tokenHash: string;
}

/**
 * Previews shared by every shell that uses the same store (a file beside remotes.json on one machine, or Redis). A
 * preview past its `expiresAt` is gone for every read, whether or not it has been pruned yet.
 */
export interface PreviewStore {
  save(record: PreviewRecord): Promise<void>;
  find(id: string): Promise<PreviewRecord | undefined>;
  findByToken(tokenHash: string): Promise<PreviewRecord | undefined>;
  /** The previews not expired, newest first. */
  list(): Promise<PreviewRecord[]>;
  /** Ends a preview now; false when there was none of that id (or it had expired). */
  remove(id: string): Promise<boolean>;
}

const live = (record: PreviewRecord, now = Date.now()) => Date.parse(record.expiresAt) > now;
const newestFirst = (a: PreviewRecord, b: PreviewRecord) => b.createdAt.localeCompare(a.createdAt);

/**
 * Previews in a JSON file readable by its owner only, read at every lookup: a preview made with the command line or by
 * another process on the machine is known at once, and a restart keeps every link working until it expires.
 */
export class FilePreviewStore implements PreviewStore {
  // Writes one after another: two previews made at once must both be kept.
  #writing: Promise<unknown> = Promise.resolve();

  constructor(private readonly path: string) {}

  async save(record: PreviewRecord): Promise<void> {
    await this.#update((records) => [...records.filter((r) => r.id !== record.id), record]);
  }

  async find(id: string): Promise<PreviewRecord | undefined> {
    return (await this.list()).find((record) => record.id === id);
  }

  async findByToken(tokenHash: string): Promise<PreviewRecord | undefined> {
    return (await this.list()).find((record) => record.tokenHash === tokenHash);
  }

  async list(): Promise<PreviewRecord[]> {
    const now = Date.now();
    return (await this.#read()).filter((record) => live(record, now)).sort(newestFirst);
  }

  async remove(id: string): Promise<boolean> {
    let removed = false;
    await this.#update((records) => {
      removed = records.some((record) => record.id === id && live(record));
      return records.filter((record) => record.id !== id);
    });
    return removed;
  }

  /** Applies `change` to the stored previews, dropping the expired ones on the way. */
  #update(change: (records: PreviewRecord[]) => PreviewRecord[]): Promise<void> {
    const write = this.#writing.then(async () => {
      const now = Date.now();
      const records = change((await this.#read()).filter((record) => live(record, now)));
      await mkdir(dirname(this.path), { recursive: true });
      const temporary = `${this.path}.${process.pid}.tmp`;
      await writeFile(temporary, `${JSON.stringify({ previews: records }, null, 2)}\n`, { mode: 0o600 });
      await chmod(temporary, 0o600);
      await rename(temporary, this.path);
    });
    this.#writing = write.catch(() => undefined);
    return write;
  }

  async #read(): Promise<PreviewRecord[]> {
    try {
      const { previews } = JSON.parse(await readFile(this.path, 'utf8')) as { previews?: PreviewRecord[] };
      return Array.isArray(previews) ? previews : [];
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }
}
