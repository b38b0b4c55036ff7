import { OPERATOR_ROLE_MESSAGES, rolesOf, type OperatorRole } from '@shop/contracts/operator-roles';
import { hashPassword, MIN_PASSWORD_LENGTH, OPERATOR_NAME } from '../shared/passwords';
import { digest, newSecret } from '../shared/secrets';
import type { OperatorStore } from '../shared/operator-store';

/**
 * Creates an operator (or gives an existing one a new password and API token). Answers the API token, shown once: only
 * its digest is kept, and the roles the operator has now. Without `roles`, a new operator gets every role and a renewed
 * one keeps theirs: renewing a password is not the moment to lose (or gain) rights. Throws a French message for a bad
 * name or a short password.
 */
export async function addOperator(
  store: OperatorStore,
  name: string,
  password: string,
  roles?: readonly OperatorRole[],
): Promise<{ token: string; replaced: boolean; roles: OperatorRole[] }> {
  if (!OPERATOR_NAME.test(name)) {
    throw new Error('Nom d’opérateur invalide : 2 à 32 caractères parmi a-z, 0-9, « . », « _ » et « - », en commençant par une lettre ou un chiffre.');
  }
  if ([...password].length < MIN_PASSWORD_LENGTH) throw new Error(`Mot de passe trop court : ${MIN_PASSWORD_LENGTH} caractères au moins.`);
  if (roles?.length === 0) throw new Error(OPERATOR_ROLE_MESSAGES.noRoles);
  const existing = await store.find(name);
  if (existing?.team) throw new Error(`« ${name} » est le nom d’un jeton d’équipe : choisissez un autre nom d’opérateur.`);
  const replaced = existing !== undefined;
  const token = `op_${newSecret()}`;
  // Stored only when given or kept: a record without roles is one with every role (operator-store.ts).
  const kept = roles ? rolesOf(roles) : existing?.roles;
  const record = { name, passwordHash: await hashPassword(password), tokenHash: digest(token), createdAt: new Date().toISOString() };
  await store.save(kept ? { ...record, roles: kept } : record);
  return { token, replaced, roles: rolesOf(kept) };
}
