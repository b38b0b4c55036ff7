import { describe, expect, it } from 'vitest';
import { OPERATOR_ROLE_LABELS, OPERATOR_ROLE_MESSAGES, OPERATOR_ROLES, parseRoles, rolesOf } from './operator-roles';

describe('operators’ roles', () => {
  it('reads no stored roles as every role (operators made before roles existed), and stored ones in the roles’ order', () => {
    expect(rolesOf(undefined)).toEqual(['releases', 'catalogue', 'orders', 'admin']);
    expect(rolesOf(['admin', 'orders', 'admin'])).toEqual(['orders', 'admin']);
    expect(rolesOf([])).toEqual([]);
  });

  it('parses a list of role names, refusing none at all or a name that is no role, in French', () => {
    expect(parseRoles(['orders', 'releases', 'orders'])).toEqual({ roles: ['releases', 'orders'] });
    expect(parseRoles([])).toEqual({ refused: OPERATOR_ROLE_MESSAGES.noRoles });
    expect(parseRoles('admin')).toEqual({ refused: OPERATOR_ROLE_MESSAGES.noRoles });
    expect(parseRoles(['admin', 'root', 3])).toEqual({ refused: 'Rôles inconnus : root, 3. Les rôles sont : releases, catalogue, orders, admin.' });
  });

  it('names the role a refusal needs, with its label', () => {
    expect(OPERATOR_ROLE_MESSAGES.forbidden('catalogue')).toContain('« Catalogue » (catalogue)');
    expect(OPERATOR_ROLES.map((role) => OPERATOR_ROLE_LABELS[role])).toEqual(['Mises en production', 'Catalogue', 'Commandes', 'Opérateurs et rôles']);
  });
});
