/**
 * Operators' roles (issue 61, decision 042): each operator holds one or more, and the operators' API refuses, with 403
 * `role_forbidden`, whatever none of them covers. This is the one place the roles' names live: release control's
 * route table (server/http/role-scope.ts), its command, the console and the docs read them from here, so a role renamed
 * or added here fails the type check wherever it is not handled (every `Record<OperatorRole, …>`).
 */

export const OPERATOR_ROLES = ['releases', 'catalogue', 'orders', 'admin'] as const;

export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** What the console calls each role. */
export const OPERATOR_ROLE_LABELS: Record<OperatorRole, string> = {
  releases: 'Mises en production',
  catalogue: 'Catalogue',
  orders: 'Commandes',
  admin: 'Opérateurs et rôles',
};

/** What each role lets an operator do, one line each (the console's hint, the command's usage). */
export const OPERATOR_ROLE_WORK: Record<OperatorRole, string> = {
  releases: 'versions en ligne, retours arrière, déploiements progressifs, aperçus, jetons d’équipe, vérifications',
  catalogue: 'produits, prix, stock et photos',
  orders: 'commandes et leur suivi',
  admin: 'opérateurs et leurs rôles',
};

export const isOperatorRole = (value: unknown): value is OperatorRole => typeof value === 'string' && (OPERATOR_ROLES as readonly string[]).includes(value);

/**
 * An operator's roles as stored: none stored means every role, so the operators created before roles existed keep all
 * they could do. Answered in OPERATOR_ROLES' order.
 */
export const rolesOf = (stored: readonly OperatorRole[] | undefined): OperatorRole[] =>
  stored === undefined ? [...OPERATOR_ROLES] : OPERATOR_ROLES.filter((role) => stored.includes(role));

/**
 * The roles a request or a command names (a list of names), in OPERATOR_ROLES' order without repeats; or the French
 * reason it is refused: not a list, empty, or a name that is no role.
 */
export function parseRoles(value: unknown): { roles: OperatorRole[] } | { refused: string } {
  if (!Array.isArray(value) || value.length === 0) return { refused: OPERATOR_ROLE_MESSAGES.noRoles };
  const unknown = value.filter((role) => !isOperatorRole(role));
  if (unknown.length > 0) return { refused: OPERATOR_ROLE_MESSAGES.unknownRoles(unknown.map((role) => String(role).slice(0, 40))) };
  return { roles: rolesOf(value as OperatorRole[]) };
}

/** PUT /operations/api/operators/:name/roles: the operator's roles from now on (all of them, not a change). */
export interface OperatorRolesBody {
  roles: OperatorRole[];
}

const named = (role: OperatorRole) => `« ${OPERATOR_ROLE_LABELS[role]} » (${role})`;

/** The French messages the API, the command and the console agree on. */
export const OPERATOR_ROLE_MESSAGES = {
  /** 403 `role_forbidden`: the request needs `role`, which the operator does not hold. */
  forbidden: (role: OperatorRole) =>
    `Action réservée au rôle ${named(role)} : votre compte ne l’a pas. Un opérateur qui a le rôle ${named('admin')} peut vous le donner.`,
  /** 403 `role_forbidden` for a route no role covers (release control refuses by default what it has not assigned). */
  noRoleCovers: 'Action refusée : aucun rôle d’opérateur n’y donne accès.',
  noRoles: `Choisissez au moins un rôle parmi : ${OPERATOR_ROLES.join(', ')}.`,
  unknownRoles: (names: readonly string[]) =>
    `Rôle${names.length > 1 ? 's' : ''} inconnu${names.length > 1 ? 's' : ''} : ${names.join(', ')}. Les rôles sont : ${OPERATOR_ROLES.join(', ')}.`,
  /** 409: an admin cannot take the admin role away from themselves (another admin, or the command, can). */
  ownAdminRole: `Vous ne pouvez pas retirer votre propre rôle ${named('admin')} : un autre opérateur qui l’a, ou la commande « operators roles », le peut.`,
} as const;
