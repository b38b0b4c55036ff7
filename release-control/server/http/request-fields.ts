import { MAX_REASON_LENGTH, OPERATIONS_MESSAGES } from '@shop/contracts/operations';
import { isRemoteName, REMOTE_NAMES, type RemoteName } from '@shop/contracts/remotes';
import { OperationsError } from './operations-error';

/** A body's « remote », or a 400 naming the shop's remotes. */
export function remoteField(value: unknown): RemoteName {
  if (!isRemoteName(value)) throw new OperationsError(400, 'validation_failed', `« remote » doit être l’un de ${REMOTE_NAMES.join(', ')}.`);
  return value;
}

/** A path's remote: an unknown one is a page that does not exist (404), not a malformed request. */
export function remoteParam(value: unknown): RemoteName {
  if (!isRemoteName(value)) throw new OperationsError(404, 'not_found', `Remote inconnu : ${REMOTE_NAMES.join(', ')}.`);
  return value;
}

/** A body's « entry »: the address of a release's manifest (checked for what it names later, by the release checks). */
export function entryField(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) {
    throw new OperationsError(400, 'validation_failed', '« entry » doit être l’adresse du manifeste de la version.');
  }
  return value;
}

export function revisionNumber(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new OperationsError(400, 'validation_failed', `« ${field} » doit être un numéro de révision (entier positif).`);
  }
  return value;
}

/** An operator's reason for a change, or null when none was given. */
export function reasonOf(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw new OperationsError(400, 'validation_failed', '« reason » doit être un texte.');
  if (value.length > MAX_REASON_LENGTH) throw new OperationsError(400, 'validation_failed', OPERATIONS_MESSAGES.reasonTooLong);
  return value.trim() || null;
}
