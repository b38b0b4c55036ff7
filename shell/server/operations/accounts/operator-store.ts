import { createHash, randomBytes } from 'node:crypto';

/** An operator as stored: never the password or the API token themselves. */
export interface OperatorRecord {
  name: string;
  passwordHash: string;
  /** sha256 of the operator's API token (a random 32-byte token needs no slow hash). */
  tokenHash: string;
  createdAt: string;
}

/** Operators' accounts, shared by every shell that uses the same store (the file on one machine, or Redis). */
export interface OperatorStore {
  find(name: string): Promise<OperatorRecord | undefined>;
  findByToken(token: string): Promise<OperatorRecord | undefined>;
  /** Adds the operator, or replaces its password and token. */
  save(record: OperatorRecord): Promise<void>;
  names(): Promise<string[]>;
}

/** Console sessions: a random id in the cookie, only its digest stored, expiring after `ttlMs`. */
export interface SessionStore {
  create(operator: string, ttlMs: number): Promise<string>;
  find(id: string): Promise<string | undefined>;
  delete(id: string): Promise<void>;
}

export const digest = (value: string): string => createHash('sha256').update(value).digest('base64url');
export const newSecret = (): string => randomBytes(32).toString('base64url');
