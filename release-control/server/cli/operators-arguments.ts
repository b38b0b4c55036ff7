import { OPERATOR_ROLES, parseRoles, type OperatorRole } from '@shop/contracts/operator-roles';

export const USAGE = [
  'usage: operators add <name> [--role <rôle> …] | operators roles <name> --role <rôle> … | operators remove <name> | operators list',
  `  rôles : ${OPERATOR_ROLES.join(', ')} (--role répété, ou séparé par des virgules ; sans --role, add donne tous les rôles à un nouvel opérateur et garde ceux d’un opérateur renouvelé)`,
  '  le mot de passe se tape sur le terminal, ou arrive sur la première ligne de stdin',
].join('\n');

export type OperatorsCommand =
  | { command: 'add'; name: string; roles?: OperatorRole[] }
  | { command: 'roles'; name: string; roles: OperatorRole[] }
  | { command: 'remove'; name: string }
  | { command: 'list' };

/**
 * The command's arguments, or the French reason they are refused (the command then prints it with the usage and exits
 * 2): `--role R`, `--role=R` and `--role R1,R2`, repeated at will; an unknown role is refused, never dropped, so a typo
 * cannot give an operator fewer rights than meant without saying so.
 */
export function parseOperatorsArguments(args: readonly string[]): OperatorsCommand | { refused: string } {
  const [command, name, ...rest] = args;
  const names: string[] = [];
  for (let i = 0; i < rest.length; i += 1) {
    const argument = rest[i]!;
    const value = argument.startsWith('--role=') ? argument.slice('--role='.length) : argument === '--role' ? rest[(i += 1)] : undefined;
    if (value === undefined) return { refused: `Argument inattendu : « ${argument} ».` };
    names.push(...value.split(',').map((role) => role.trim()));
  }
  const roles = names.length > 0 ? parseRoles(names) : undefined;
  if (roles && 'refused' in roles) return { refused: roles.refused };
  if (command === 'list' && name === undefined) return { command };
  if (!name || name.startsWith('--')) return { refused: command ? `Nom d’opérateur manquant après « ${command} ».` : 'Commande manquante.' };
  if (command === 'remove' && !roles) return { command, name };
  if (command === 'add') return roles ? { command, name, roles: roles.roles } : { command, name };
  if (command === 'roles') return roles ? { command, name, roles: roles.roles } : { refused: 'Donnez les rôles de l’opérateur avec --role.' };
  return { refused: `Commande inconnue ou arguments en trop : « ${args.join(' ')} ».` };
}
