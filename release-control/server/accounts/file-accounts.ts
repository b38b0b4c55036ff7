import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { digest, newSecret } from '../shared/secrets';
import type { OperatorRecord, OperatorStore, Session, SessionStore } from '../shared/operator-store';

/**
 * Operators in a JSON file readable by its owner only (OPERATORS_FILE). Read on every lookup, so an operator added with
 * the command can log in at once, without a restart.
 */
export class FileOperatorStore implements OperatorStore {
  constructor(private readonly path: string) {}

  async find(name: string): Promise<OperatorRecord | undefined> {
    return (await this.#read()).find((operator) => operator.name === name);
  }

  async findByToken(token: string): Promise<OperatorRecord | undefined> {
    const hash = digest(token);
    return (await this.#read()).find((operator) => operator.tokenHash === hash);
  }

  async save(record: OperatorRecord): Promise<void> {
    const operators = (await this.#read()).filter((operator) => operator.name !== record.name);
    await this.#write([...operators, record]);
  }

  async remove(name: string): Promise<boolean> {
    const operators = await this.#read();
    const kept = operators.filter((operator) => operator.name !== name);
    if (kept.length === operators.length) return false;
    await this.#write(kept);
    return true;
  }

  async names(): Promise<string[]> {
    return (await this.#read()).map((operator) => operator.name);
  }

  async #write(operators: OperatorRecord[]): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true });
    const temporary = `${this.path}.${process.pid}.tmp`;
    await writeFile(temporary, `${JSON.stringify({ operators }, null, 2)}\n`, { mode: 0o600 });
    await chmod(temporary, 0o600);
    await rename(temporary, this.path);
  }

  async #read(): Promise<OperatorRecord[]> {
    try {
      const { operators } = JSON.parse(await readFile(this.path, 'utf8')) as { operators?: OperatorRecord[] };
      return Array.isArray(operators) ? operators : [];
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }
}

/** Sessions of one shell, in its memory: a restart logs operators out (with Redis, sessions are shared and survive). */
export class MemorySessionStore implements SessionStore {
  #sessions = new Map<string, Session & { expires: number }>();

  async create(session: Session, ttlMs: number): Promise<string> {
    const id = newSecret();
    this.#sessions.set(digest(id), { ...session, expires: Date.now() + ttlMs });
    // Forget expired sessions now and then, so a busy console does not grow the map.
    for (const [key, session] of this.#sessions) if (session.expires <= Date.now()) this.#sessions.delete(key);
    return id;
  }

  async find(id: string): Promise<Session | undefined> {
    const session = this.#sessions.get(digest(id));
    return session && session.expires > Date.now() ? { operator: session.operator, credentials: session.credentials } : undefined;
  }

  async delete(id: string): Promise<void> {
    this.#sessions.delete(digest(id));
  }
}
