// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OperatorsListing } from '@shop/contracts/operations';
import { OPERATOR_ROLE_MESSAGES, OPERATOR_ROLES, type OperatorRole } from '@shop/contracts/operator-roles';
import { renderInConsole, scriptedApi } from '../shared/section-test-kit';
import { OperatorsSection } from './operators-section';

const at = '2026-11-20T08:00:00.000Z';
const listing = (youssef: OperatorRole[]): OperatorsListing => ({
  operators: [
    { name: 'amina', createdAt: at, roles: [...OPERATOR_ROLES] },
    { name: 'youssef', createdAt: at, roles: youssef },
  ],
});
const boxesOf = (name: string) => within(screen.getByRole('group', { name: `Rôles de ${name}` })).getAllByRole('checkbox') as HTMLInputElement[];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the console’s operators and their roles', () => {
  it('shows each operator’s roles as labelled checkboxes, and holds one’s own admin role', async () => {
    scriptedApi({ 'GET /operators': [{ body: listing(['orders']) }] });
    renderInConsole(<OperatorsSection self="amina" />);
    await screen.findByRole('table', { name: 'Opérateurs de la console' });
    expect(boxesOf('youssef').map((box) => [box.labels?.[0]?.textContent, box.checked])).toEqual([
      ['Mises en production', false],
      ['Catalogue', false],
      ['Commandes', true],
      ['Opérateurs et rôles', false],
    ]);
    expect(boxesOf('amina').map((box) => box.disabled)).toEqual([false, false, false, true]);
    expect(screen.getByText('Vous gardez votre rôle « Opérateurs et rôles ».')).toBeTruthy();
    // Nothing to save until something changes.
    expect((screen.getByRole('button', { name: 'Enregistrer les rôles de youssef' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('saves the roles checked for one operator, and shows what the server then holds', async () => {
    const changes = scriptedApi({
      'GET /operators': [{ body: listing(['orders']) }],
      'PUT /operators/youssef/roles': [{ body: listing(['catalogue', 'orders']) }],
    });
    const changed = vi.fn();
    renderInConsole(<OperatorsSection self="amina" onRolesChanged={changed} />);
    await screen.findByRole('table', { name: 'Opérateurs de la console' });
    fireEvent.click(boxesOf('youssef')[1]!);
    fireEvent.submit(screen.getByRole('form', { name: 'Rôles de youssef' }));
    expect(await screen.findByText('Rôles de youssef : Catalogue, Commandes.')).toBeTruthy();
    expect(changes).toEqual([{ call: 'PUT /operators/youssef/roles', body: { roles: ['catalogue', 'orders'] } }]);
    expect(boxesOf('youssef').map((box) => box.checked)).toEqual([false, true, true, false]);
    expect(changed).toHaveBeenCalled();
  });

  it('asks for at least one role, and shows the server’s refusal', async () => {
    scriptedApi({
      'GET /operators': [{ body: listing(['orders']) }],
      'PUT /operators/youssef/roles': [{ status: 403, body: { error: { code: 'role_forbidden', message: OPERATOR_ROLE_MESSAGES.forbidden('admin') } } }],
    });
    renderInConsole(<OperatorsSection self="amina" />);
    await screen.findByRole('table', { name: 'Opérateurs de la console' });
    const save = screen.getByRole('button', { name: 'Enregistrer les rôles de youssef' }) as HTMLButtonElement;
    fireEvent.click(boxesOf('youssef')[2]!);
    expect(screen.getByText('Cochez au moins un rôle.')).toBeTruthy();
    expect(save.disabled).toBe(true);
    fireEvent.click(boxesOf('youssef')[0]!);
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    expect((await screen.findByRole('alert')).textContent).toBe(OPERATOR_ROLE_MESSAGES.forbidden('admin'));
  });
});
