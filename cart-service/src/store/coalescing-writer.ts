import writeFileAtomic from 'write-file-atomic';

/**
 * Writes a JSON snapshot to a file atomically (temporary file, fsync, rename: never a half-written file) and one
 * write at a time. Callers that ask while a write is running share the next write, which takes the snapshot when
 * it starts, so a burst of changes costs two writes, not one per change. `write()` resolves once a write that
 * includes the caller's change is on disk.
 */
export class CoalescingWriter {
  private chain: Promise<void> = Promise.resolve();
  private next: Promise<void> | null = null;

  constructor(
    private readonly path: string,
    private readonly snapshot: () => unknown,
  ) {}

  write(): Promise<void> {
    if (!this.next) {
      const scheduled = this.chain.then(() => {
        this.next = null;
        return writeFileAtomic(this.path, JSON.stringify(this.snapshot()), { fsync: true, mode: 0o600 });
      });
      this.next = scheduled;
      this.chain = scheduled.catch(() => undefined);
    }
    return this.next;
  }

  /** Resolves when every requested write has finished (successfully or not). */
  idle(): Promise<void> {
    return this.chain;
  }
}
