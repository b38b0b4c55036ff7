import type { Redis } from 'ioredis';
import type { RemotesConfig } from '@shop/contracts/remotes';
import { parseRemotesConfig } from '@shop/contracts/remotes-schema';
import type { RemotesRevision } from '@shop/contracts/operations';
import { FILE_AUTHOR, nextRevision, REVISIONS_KEPT, type CommitResult, type ProposedChange, type RevisionStore } from '../shared/revision-store';

/** Keys and channel of the shared configuration (one Redis may hold several shops with different prefixes). */
export function revisionKeys(prefix: string) {
  return { live: `${prefix}remotes:live`, history: `${prefix}remotes:history`, channel: `${prefix}remotes:changed` };
}

/**
 * Compare-and-set in one step on the server: the new revision is written only if the live one is still `expected`,
 * then pushed onto the history (trimmed) and published, so every shell applies it at once.
 * KEYS: live, history. ARGV: expected revision, new revision JSON, channel, revisions kept.
 */
const COMMIT = `
local live = redis.call('GET', KEYS[1])
local current = 0
if live then current = cjson.decode(live)['revision'] end
if current ~= tonumber(ARGV[1]) then return {0, live or ''} end
redis.call('SET', KEYS[1], ARGV[2])
redis.call('LPUSH', KEYS[2], ARGV[2])
redis.call('LTRIM', KEYS[2], 0, tonumber(ARGV[4]) - 1)
redis.call('PUBLISH', ARGV[3], ARGV[2])
return {1, ARGV[2]}
`;

/**
 * Every shell instance shares one live configuration in Redis (decision 020). Each keeps the live revision in memory
 * (pages never wait for Redis) and follows changes on a pub/sub channel; after a lost connection it reads the live
 * revision again, so a change published meanwhile is not missed.
 */
export class RedisRevisionStore implements RevisionStore {
  #live: RemotesRevision;
  #listeners = new Set<(revision: RemotesRevision) => void>();

  private constructor(
    private readonly client: Redis,
    private readonly subscriber: Redis,
    private readonly keys: ReturnType<typeof revisionKeys>,
    live: RemotesRevision,
  ) {
    this.#live = live;
  }

  /**
   * Connects, makes `initial` (the operators' file) the first revision if Redis has none yet, and follows changes.
   * `client` is connected by the caller; the subscriber is a duplicate of it.
   */
  static async open(client: Redis, initial: RemotesConfig, prefix: string): Promise<RedisRevisionStore> {
    const keys = revisionKeys(prefix);
    const first = nextRevision(null, { config: initial, by: FILE_AUTHOR, reason: null });
    await client.eval(COMMIT, 2, keys.live, keys.history, 0, JSON.stringify(first), keys.channel, REVISIONS_KEPT);
    const live = parseRevision(await client.get(keys.live));
    if (!live) throw new Error(`Redis key ${keys.live} does not hold a valid remotes configuration`);
    const subscriber = client.duplicate();
    const store = new RedisRevisionStore(client, subscriber, keys, live);
    subscriber.on('message', (_channel: string, message: string) => store.#apply(parseRevision(message)));
    // ioredis subscribes again after a reconnection; what was published while it was away is read once it is back.
    subscriber.on('ready', () => void store.#refresh());
    await subscriber.subscribe(keys.channel);
    await store.#refresh();
    return store;
  }

  get live(): RemotesRevision {
    return this.#live;
  }

  async history(): Promise<RemotesRevision[]> {
    const items = await this.client.lrange(this.keys.history, 0, REVISIONS_KEPT - 1);
    return items.map(parseRevision).filter((revision): revision is RemotesRevision => revision !== null);
  }

  async commit(change: ProposedChange, expectedRevision: number): Promise<CommitResult> {
    // Built from the live revision read just now; if another shell commits first, the script refuses it.
    const revision = nextRevision(await this.#refresh(), change);
    const [committed, text] = (await this.client.eval(
      COMMIT,
      2,
      this.keys.live,
      this.keys.history,
      expectedRevision,
      JSON.stringify(revision),
      this.keys.channel,
      REVISIONS_KEPT,
    )) as [number, string];
    const answered = parseRevision(text);
    if (!answered) throw new Error(`Redis key ${this.keys.live} does not hold a valid remotes configuration`);
    this.#apply(answered);
    return committed === 1 ? { kind: 'committed', revision: answered } : { kind: 'conflict', current: answered };
  }

  onChange(listener: (revision: RemotesRevision) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.#listeners.clear();
    this.subscriber.disconnect();
  }

  async #refresh(): Promise<RemotesRevision> {
    const live = parseRevision(await this.client.get(this.keys.live));
    if (live) this.#apply(live);
    return this.#live;
  }

  /** Applies a revision newer than the one held (messages and reads may arrive in any order). */
  #apply(revision: RemotesRevision | null): void {
    if (!revision || revision.revision <= this.#live.revision) return;
    this.#live = revision;
    for (const listener of this.#listeners) listener(revision);
  }
}

/** A revision read from Redis, its configuration checked against the schema again; null when it is not one. */
function parseRevision(text: string | null | undefined): RemotesRevision | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as RemotesRevision;
    if (!Number.isInteger(value.revision) || value.revision < 1) return null;
    return { ...value, config: parseRemotesConfig(value.config) };
  } catch {
    return null;
  }
}
