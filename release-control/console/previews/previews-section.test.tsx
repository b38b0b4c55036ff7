// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RemoteOverview } from '@shop/contracts/operations';
import type { PreviewSummary } from '@shop/contracts/previews';
import { formatDateTime } from '../shared/api';
import { PreviewsSection } from './previews-section';
import { bodyCells, renderInConsole, scriptedApi } from '../shared/section-test-kit';

const entry = (port: number, version: string) => `http://localhost:${port}/${version}/mf-manifest.json`;
const remote = (name: RemoteOverview['name'], port: number, live: string, versions: string[]): RemoteOverview => ({
  name,
  entry: entry(port, live),
  version: live,
  health: { up: true, ms: 10 },
  releases: versions.map((version) => ({ version, manifest: `/${version}/mf-manifest.json`, builtAt: '2026-11-24T09:00:00.000Z', entry: entry(port, version) })),
});
const remotes = [remote('mf_frame', 3001, '2.0.0', ['2.1.0', '2.0.0']), remote('mf_cart', 3002, '1.0.0', ['1.0.2', '1.0.1', '1.0.0'])];
const preview = (id: string, releases: Array<[RemoteOverview['name'], string]>, createdBy = 'amina'): PreviewSummary => ({
  id,
  releases: releases.map(([name, version]) => ({ remote: name, version, entry: entry(3002, version) })),
  createdBy,
  createdAt: '2026-11-25T10:00:00.000Z',
  expiresAt: '2026-11-26T10:00:00.000Z',
});
const link = `http://localhost:3000/apercu/${'a'.repeat(43)}`;

const renderSection = () => renderInConsole(<PreviewsSection remotes={remotes} />);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the console’s private previews', () => {
  it('lists the previews in progress: their releases, who created them, when, and until when', async () => {
    scriptedApi({
      'GET /previews': [{ body: { previews: [preview('0123456789abcdef', [['mf_cart', '1.0.1']]), preview('fedcba9876543210', [['mf_frame', '2.1.0'], ['mf_cart', '1.0.2']], 'ci-cart')] } }],
    });
    renderSection();
    const table = await screen.findByRole('table', { name: 'Aperçus en cours' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Versions', 'Créé par', 'Créé le', 'Expire le', 'Action']);
    const [created, expires] = [formatDateTime('2026-11-25T10:00:00.000Z'), formatDateTime('2026-11-26T10:00:00.000Z')];
    expect(bodyCells(table)).toEqual([
      ['mf_cart 1.0.1', 'amina', created, expires, 'Mettre fin'],
      ['mf_frame 2.1.0mf_cart 1.0.2', 'ci-cart', created, expires, 'Mettre fin'],
    ]);
    expect(within(table).getByRole('button', { name: 'Mettre fin à l’aperçu mf_frame 2.1.0, mf_cart 1.0.2' })).toBeTruthy();
    expect(screen.queryByText('Aucun aperçu en cours.')).toBeNull();
  });

  it('ends a preview only once the operator confirms, on its id, and says its link now shows the live shop', async () => {
    const changes = scriptedApi({
      'GET /previews': [{ body: { previews: [preview('0123456789abcdef', [['mf_cart', '1.0.1']])] } }],
      'DELETE /previews/0123456789abcdef': [{ body: { previews: [] } }],
    });
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValue(true);
    vi.stubGlobal('confirm', confirm);
    renderSection();
    const button = await screen.findByRole('button', { name: 'Mettre fin à l’aperçu mf_cart 1.0.1' });
    fireEvent.click(button);
    expect(confirm).toHaveBeenCalledWith('Mettre fin à l’aperçu mf_cart 1.0.1 ? Son lien montrera la boutique en ligne.');
    expect(changes).toEqual([]);

    fireEvent.click(button);
    expect(await screen.findByText('Aperçu mf_cart 1.0.1 terminé : son lien montre désormais la boutique en ligne.')).toBeTruthy();
    expect(changes).toEqual([{ call: 'DELETE /previews/0123456789abcdef', body: null }]);
    expect(screen.getByText('Aucun aperçu en cours.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows why the server refused to end a preview, and the list as it is now', async () => {
    scriptedApi({
      'GET /previews': [{ body: { previews: [preview('0123456789abcdef', [['mf_cart', '1.0.1']])] } }, { body: { previews: [] } }],
      'DELETE /previews/0123456789abcdef': [{ status: 404, body: { error: { code: 'preview_not_found', message: 'Aucun aperçu en cours ne porte cet identifiant.' } } }],
    });
    vi.stubGlobal('confirm', () => true);
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Mettre fin à l’aperçu mf_cart 1.0.1' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Aucun aperçu en cours ne porte cet identifiant.');
    expect(await screen.findByText('Aucun aperçu en cours.')).toBeTruthy();
  });

  it('creates a preview of the chosen release, shows its link once, and lists it', async () => {
    const created = preview('00000000000000aa', [['mf_frame', '2.0.0']]);
    const changes = scriptedApi({
      'GET /previews': [{ body: { previews: [] } }, { body: { previews: [created] } }],
      'POST /previews': [{ status: 201, body: { preview: created, link } }],
    });
    renderSection();
    expect(await screen.findByText('Aucun aperçu en cours.')).toBeTruthy();
    const form = within(screen.getByRole('form', { name: 'Créer un aperçu' }));
    const version = form.getByLabelText('Version de l’aperçu') as HTMLSelectElement;
    // The newest release that is not live comes first.
    expect(version.value).toBe(entry(3001, '2.1.0'));
    fireEvent.change(form.getByLabelText('Remote de l’aperçu'), { target: { value: 'mf_cart' } });
    expect(version.value).toBe(entry(3002, '1.0.2'));
    expect([...version.options].map((option) => option.textContent)).toEqual([
      `1.0.2 — construite le ${formatDateTime('2026-11-24T09:00:00.000Z')}`,
      `1.0.1 — construite le ${formatDateTime('2026-11-24T09:00:00.000Z')}`,
      `1.0.0 — construite le ${formatDateTime('2026-11-24T09:00:00.000Z')} (en ligne)`,
    ]);
    fireEvent.change(version, { target: { value: entry(3002, '1.0.1') } });
    fireEvent.change(form.getByLabelText('Remote de l’aperçu'), { target: { value: 'mf_frame' } });
    fireEvent.change(version, { target: { value: entry(3001, '2.0.0') } });
    fireEvent.click(form.getByRole('button', { name: 'Créer l’aperçu' }));

    const shown = await screen.findByText(link);
    expect(shown.closest('output')!.textContent).toBe(`Lien d’aperçu (montré une seule fois) : ${link}`);
    expect(changes).toEqual([{ call: 'POST /previews', body: { releases: [{ remote: 'mf_frame', entry: entry(3001, '2.0.0') }] } }]);
    const table = await screen.findByRole('table', { name: 'Aperçus en cours' });
    expect(bodyCells(table)[0]![0]).toBe('mf_frame 2.0.0');
    // The list never carries the link: it is only where it was shown at creation.
    expect(table.textContent).not.toContain(link);
  });

  it('shows every check a refused release failed, and no link', async () => {
    scriptedApi({
      'GET /previews': [{ body: { previews: [] } }],
      'POST /previews': [
        {
          status: 422,
          body: { error: { code: 'release_refused', message: 'Aperçu refusé : la version ne convient pas à la boutique.', reasons: ['raison une', 'raison deux'] } },
        },
      ],
    });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Créer l’aperçu' }));
    const alert = within(await screen.findByRole('alert'));
    expect(alert.getByText('Aperçu refusé : la version ne convient pas à la boutique.')).toBeTruthy();
    expect(alert.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['raison une', 'raison deux']);
    expect(screen.queryByText(/Lien d’aperçu/)).toBeNull();
  });
});
