import type { Redis } from 'ioredis';
import { digest, newSecret } from '../shared/secrets';
import type { OperatorRecord, OperatorStore, Session, SessionStore } from '../shared/operator-store';

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

  async remove(name: string): Promise<boolean> {
    const previous = await this.find(name);
    if (!previous) return false;
    await this.client.multi().hdel(`${this.prefix}operators`, name).hdel(`${this.prefix}operator-tokens`, previous.tokenHash).exec();
    return true;
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

  async create(session: Session, ttlMs: number): Promise<string> {
    const id = newSecret();
    await this.client.set(`${this.prefix}session:${digest(id)}`, JSON.stringify(session), 'PX', ttlMs);
    return id;
  }

  async find(id: string): Promise<Session | undefined> {
    const text = await this.client.get(`${this.prefix}session:${digest(id)}`);
    if (!text) return undefined;
    try {
      const session = JSON.parse(text) as Partial<Session>;
      return typeof session.operator === 'string' && typeof session.credentials === 'string' ? { operator: session.operator, credentials: session.credentials } : undefined;
    } catch {
      // A session written before sessions carried their credentials: it ends, the operator logs in again.
      return undefined;
    }
  }

  async delete(id: string): Promise<void> {
    await this.client.del(`${this.prefix}session:${digest(id)}`);
  }
}
