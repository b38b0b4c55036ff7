// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REMOTE_NAMES } from '@shop/contracts/remotes';
import { PREVIEW_MESSAGES, type TeamSummary } from '@shop/contracts/previews';
import { formatDateTime } from '../shared/api';
import { TeamsSection } from './teams-section';
import { bodyCells, renderInConsole, scriptedApi } from '../shared/section-test-kit';

const at = '2026-11-20T08:00:00.000Z';
const team = (name: string, remote: TeamSummary['remote']): TeamSummary => ({ name, remote, createdBy: 'amina', createdAt: at });
const token = 'tok_'.padEnd(43, 'x');

const renderSection = () => renderInConsole(<TeamsSection />);

const rowsOf = async () => bodyCells(await screen.findByRole('table', { name: 'Jetons d’équipe' }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the console’s team tokens', () => {
  it('lists the teams, each with its remote, who created its token and when', async () => {
    scriptedApi({ 'GET /teams': [{ body: { teams: [team('ci-cart', 'mf_cart'), team('ci_frame', 'mf_frame')] } }] });
    renderSection();
    expect(await rowsOf()).toEqual([
      ['ci-cart', 'mf_cart', 'amina', formatDateTime(at), 'Retirer'],
      ['ci_frame', 'mf_frame', 'amina', formatDateTime(at), 'Retirer'],
    ]);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Équipe', 'Remote', 'Créé par', 'Créé le', 'Action']);
    expect([...(screen.getByLabelText('Remote') as HTMLSelectElement).options].map((option) => option.value)).toEqual([...REMOTE_NAMES]);
  });

  it('lets the browser refuse a team name the server would refuse', async () => {
    scriptedApi({ 'GET /teams': [{ body: { teams: [] } }] });
    renderSection();
    const name = (await screen.findByLabelText('Nom de l’équipe')) as HTMLInputElement;
    const mismatch = (value: string) => {
      fireEvent.change(name, { target: { value } });
      return name.validity.patternMismatch;
    };
    // An invalid pattern checks nothing: these would all pass.
    expect(mismatch('Équipe Cart')).toBe(true);
    expect(mismatch('-cart')).toBe(true);
    expect(mismatch('c')).toBe(true);
    expect(mismatch('a'.repeat(80))).toBe(true);
    expect(mismatch('ci-cart_2')).toBe(false);
    expect(name.required).toBe(true);
    expect(screen.getByText(PREVIEW_MESSAGES.teamName).id).toBe(name.getAttribute('aria-describedby'));
  });

  it('creates a token for the named team and remote, shows it once, and lists the team', async () => {
    const changes = scriptedApi({
      'GET /teams': [{ body: { teams: [] } }, { body: { teams: [team('ci-cart', 'mf_cart')] } }],
      'POST /teams': [{ status: 201, body: { team: team('ci-cart', 'mf_cart'), token } }],
      'DELETE /teams/ci-cart': [{ body: { teams: [] } }],
    });
    vi.stubGlobal('confirm', () => true);
    renderSection();
    expect(await screen.findByText('Aucun jeton d’équipe.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Nom de l’équipe'), { target: { value: 'ci-cart' } });
    fireEvent.change(screen.getByLabelText('Remote'), { target: { value: 'mf_cart' } });
    fireEvent.click(screen.getByRole('button', { name: 'Créer le jeton' }));

    const shown = (await screen.findByText(token)).closest('output')!;
    expect(shown.textContent).toBe(
      `Jeton de l’équipe ci-cart (montré une seule fois) : ${token} Il permet à la CI de l’équipe ci-cart de lister les versions de mf_cart, d’en lancer les vérifications et d’en créer des aperçus : de ce remote seulement.`,
    );
    expect(changes).toEqual([{ call: 'POST /teams', body: { name: 'ci-cart', remote: 'mf_cart' } }]);
    expect(await rowsOf()).toEqual([['ci-cart', 'mf_cart', 'amina', formatDateTime(at), 'Retirer']]);
    expect((screen.getByLabelText('Nom de l’équipe') as HTMLInputElement).value).toBe('');

    // Once the team is removed, its token is not left on the screen.
    fireEvent.click(screen.getByRole('button', { name: 'Retirer le jeton de l’équipe ci-cart' }));
    expect(await screen.findByText('Jeton de l’équipe ci-cart retiré.')).toBeTruthy();
    expect(screen.queryByText(token)).toBeNull();
  });

  it('shows the server’s message when it refuses a team, and no token', async () => {
    const changes = scriptedApi({
      'GET /teams': [{ body: { teams: [] } }],
      'POST /teams': [{ status: 409, body: { error: { code: 'name_taken', message: '« amina » est déjà le nom d’un opérateur ou d’une équipe.' } } }],
    });
    renderSection();
    fireEvent.change(await screen.findByLabelText('Nom de l’équipe'), { target: { value: 'amina' } });
    fireEvent.click(screen.getByRole('button', { name: 'Créer le jeton' }));
    expect((await screen.findByRole('alert')).textContent).toBe('« amina » est déjà le nom d’un opérateur ou d’une équipe.');
    expect(changes).toEqual([{ call: 'POST /teams', body: { name: 'amina', remote: REMOTE_NAMES[0] } }]);
    expect(screen.queryByText(/montré une seule fois/)).toBeNull();
  });

  it('removes a team’s token only once the operator confirms', async () => {
    const changes = scriptedApi({
      'GET /teams': [{ body: { teams: [team('ci-cart', 'mf_cart'), team('ci_frame', 'mf_frame')] } }],
      'DELETE /teams/ci_frame': [{ body: { teams: [team('ci-cart', 'mf_cart')] } }],
    });
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValue(true);
    vi.stubGlobal('confirm', confirm);
    renderSection();
    const button = await screen.findByRole('button', { name: 'Retirer le jeton de l’équipe ci_frame' });
    fireEvent.click(button);
    expect(confirm).toHaveBeenCalledWith('Retirer le jeton de l’équipe ci_frame ? Sa CI ne pourra plus lister les versions, lancer les vérifications ni créer d’aperçus.');
    expect(changes).toEqual([]);

    fireEvent.click(button);
    expect(await screen.findByText('Jeton de l’équipe ci_frame retiré.')).toBeTruthy();
    expect(changes).toEqual([{ call: 'DELETE /teams/ci_frame', body: null }]);
    expect(await rowsOf()).toEqual([['ci-cart', 'mf_cart', 'amina', formatDateTime(at), 'Retirer']]);
  });
});
