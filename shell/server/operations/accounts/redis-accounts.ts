import type { Redis } from 'ioredis';
import { digest, newSecret, type OperatorRecord, type OperatorStore, type SessionStore } from './operator-store';

/** Operators in Redis, so every shell knows them: a hash by name and one from token digest to name. */
export class RedisOperatorStore implements OperatorStore {
  constructor(
    private readonly client: Redis,
    private readonly prefix: string,
  ) {}

  async find(name: string): Promise<OperatorRecord | undefined> {
    const text = await this.client.hget(`${this.prefix}operators`, name);
    return text ? (JSON.parse(text) as OperatorRecord) : undefined;
  }

  async findByToken(token: string): Promise<OperatorRecord | undefined> {
    const name = await this.client.hget(`${this.prefix}operator-tokens`, digest(token));
    return name ? this.find(name) : undefined;
  }

  async save(record: OperatorRecord): Promise<void> {
    const previous = await this.find(record.name);
    const steps = this.client.multi().hset(`${this.prefix}operators`, record.name, JSON.stringify(record));
    if (previous) steps.hdel(`${this.prefix}operator-tokens`, previous.tokenHash);
    await steps.hset(`${this.prefix}operator-tokens`, record.tokenHash, record.name).exec();
  }

  async names(): Promise<string[]> {
    return this.client.hkeys(`${this.prefix}operators`);
  }
}

/** Sessions shared by every shell: one key per session digest, expiring in Redis itself. */
export class RedisSessionStore implements SessionStore {
  constructor(
    private readonly client: Redis,
    private readonly prefix: string,
  ) {}

  async create(operator: string, ttlMs: number): Promise<string> {
    const id = newSecret();
    await this.client.set(`${this.prefix}session:${digest(id)}`, operator, 'PX', ttlMs);
    return id;
  }

  async find(id: string): Promise<string | undefined> {
    return (await this.client.get(`${this.prefix}session:${digest(id)}`)) ?? undefined;
  }

  async delete(id: string): Promise<void> {
    await this.client.del(`${this.prefix}session:${digest(id)}`);
  }
}
