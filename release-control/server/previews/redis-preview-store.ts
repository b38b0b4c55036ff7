import type { Redis } from 'ioredis';
import type { PreviewRecord, PreviewStore } from './preview-store';

/**
 * Previews in Redis, so a link opened on any shell shows the same preview: one key per preview and one from its token's
 * digest to its id, both expiring with it in Redis itself; a set of ids for the console's list.
 */
export class RedisPreviewStore implements PreviewStore {
  constructor(
    private readonly client: Redis,
    private readonly prefix: string,
  ) {}

  async save(record: PreviewRecord): Promise<void> {
    const ttl = Math.max(1, Date.parse(record.expiresAt) - Date.now());
    await this.client
      .multi()
      .set(this.#key(record.id), JSON.stringify(record), 'PX', ttl)
      .set(this.#tokenKey(record.tokenHash), record.id, 'PX', ttl)
      .sadd(`${this.prefix}previews`, record.id)
      .exec();
  }

  async find(id: string): Promise<PreviewRecord | undefined> {
    const text = await this.client.get(this.#key(id));
    return text ? (JSON.parse(text) as PreviewRecord) : undefined;
  }

  async findByToken(tokenHash: string): Promise<PreviewRecord | undefined> {
    const id = await this.client.get(this.#tokenKey(tokenHash));
    return id ? this.find(id) : undefined;
  }

  async list(): Promise<PreviewRecord[]> {
    const ids = await this.client.smembers(`${this.prefix}previews`);
    const texts = ids.length > 0 ? await this.client.mget(ids.map((id) => this.#key(id))) : [];
    // Ids whose preview expired in Redis leave the set here.
    const gone = ids.filter((_, i) => texts[i] === null);
    if (gone.length > 0) await this.client.srem(`${this.prefix}previews`, ...gone);
    return texts
      .flatMap((text) => (text ? [JSON.parse(text) as PreviewRecord] : []))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  async remove(id: string): Promise<boolean> {
    const record = await this.find(id);
    await this.client.srem(`${this.prefix}previews`, id);
    if (!record) return false;
    await this.client.del(this.#key(id), this.#tokenKey(record.tokenHash));
    return true;
  }

  #key(id: string): string {
    return `${this.prefix}preview:${id}`;
  }

  #tokenKey(tokenHash: string): string {
    return `${this.prefix}preview-token:${tokenHash}`;
  }
}
