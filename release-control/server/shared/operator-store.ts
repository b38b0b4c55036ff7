import type { OperatorRole } from '@shop/contracts/operator-roles';
import type { RemoteName } from '@shop/contracts/remotes';
import { digest } from './secrets';

/** An operator as stored: never the password or the API token themselves. */
export interface OperatorRecord {
  name: string;
  passwordHash: string;
  /** sha256 of the operator's API token (a random 32-byte token needs no slow hash). */
  tokenHash: string;
  createdAt: string;
  /**
   * What the operator may do (decision 042). Absent means every role: operators created before roles existed, in the
   * file or in Redis, keep all they could do (rolesOf() reads it). A team token has none of them, whatever this says.
   */
  roles?: OperatorRole[];
  /**
   * A team token (decision 030): an account with no password, whose API token is scoped to one remote's releases and
   * previews. It never logs in to the console and has none of an operator's rights.
   */
  team?: { remote: RemoteName; createdBy: string };
}

/** Operators' accounts, shared by every shell that uses the same store (the file on one machine, or Redis). */
export interface OperatorStore {
  find(name: string): Promise<OperatorRecord | undefined>;
  findByToken(token: string): Promise<OperatorRecord | undefined>;
  /** Adds the operator, or replaces its record (password, token, roles) whole. */
  save(record: OperatorRecord): Promise<void>;
  /** Removes the operator and its API token; false when there was none of that name. */
  remove(name: string): Promise<boolean>;
  names(): Promise<string[]>;
}

/** A console session: whose it is, and the credentials it was opened with. */
export interface Session {
  operator: string;
  /** credentialsStamp() of the operator at login: a new password (or a removal) ends every session opened before. */
  credentials: string;
}

/** Console sessions: a random id in the cookie, only its digest stored, expiring after `ttlMs`. */
export interface SessionStore {
  create(session: Session, ttlMs: number): Promise<string>;
  find(id: string): Promise<Session | undefined>;
  delete(id: string): Promise<void>;
}

/** Changes whenever the operator's password does (a new salt each time): what a session is checked against. */
export const credentialsStamp = (record: OperatorRecord): string => digest(record.passwordHash).slice(0, 22);

/** A team token's account (decision 030). */
export type TeamRecord = OperatorRecord & { team: NonNullable<OperatorRecord['team']> };

/** Whether the account is a team token rather than an operator's. */
export const isTeam = (record: OperatorRecord | undefined): record is TeamRecord => record?.team !== undefined;
