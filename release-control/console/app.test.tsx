// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OperationsState, RemotesRevision } from '@shop/contracts/operations';
import { OPERATOR_ROLES } from '@shop/contracts/operator-roles';
import { DEFAULT_ROLLBACK_RULE } from '@shop/contracts/progressive-delivery';
import { OperationsApp } from './app';

const entry = (version: string) => `http://localhost:3002/${version}/mf-manifest.json`;
const revision = (n: number, cart: string): RemotesRevision => ({
  revision: n,
  at: '2026-11-25T10:00:00.000Z',
  by: n === 1 ? 'remotes.json' : 'amina',
  reason: null,
  changes: n === 1 ? [] : [{ name: 'mf_cart', from: entry('1.0.0'), to: entry(cart) }],
  config: { remotes: [{ name: 'mf_cart', entry: entry(cart) }] } as RemotesRevision['config'],
});
const stateAt = (live: RemotesRevision): OperationsState => ({
  live,
  canary: null,
  rule: DEFAULT_ROLLBACK_RULE,
  allowedOrigins: ['http://localhost:3002'],
  refusedAccesses: [],
  remotes: [
    {
      name: 'mf_cart',
      entry: live.config.remotes[0]!.entry,
      version: live.config.remotes[0]!.entry.split('/')[3]!,
      health: { up: true, ms: 12 },
      releases: ['1.0.1', '1.0.0'].map((version) => ({ version, manifest: `/${version}/mf-manifest.json`, builtAt: '2026-11-24T09:00:00.000Z', entry: entry(version) })),
    },
  ],
});

/** What a section the test does not look at reads: an empty list. */
const emptyAnswer = (path: string) => {
  if (path === '/operators') return { operators: [] };
  if (path === '/catalogue/products') return { products: [], total: 0, nextCursor: null };
  if (path === '/catalogue/audit') return { entries: [], nextCursor: null };
  return { orders: [], nextCursor: null };
};

/** The console's API as the server answers it, one scripted answer per path; records what was posted. */
function serve(answers: Record<string, Array<{ status?: number; body: unknown }>>) {
  const posted: Array<{ path: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = url.replace('/operations/api', '').split('?')[0]!;
      if (init.method === 'POST') posted.push({ path, body: JSON.parse(String(init.body)) });
      if (init.method === 'DELETE') posted.push({ path: `DELETE ${path}`, body: null });
      const queue = answers[path] ?? [{ body: emptyAnswer(path) }];
      const answer = queue.length > 1 ? queue.shift()! : queue[0]!;
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return posted;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the operators’ console', () => {
  it('switches a remote with the chosen release, the reason and the revision it was seen at', async () => {
    const first = revision(1, '1.0.0');
    const second = revision(2, '1.0.1');
    const posted = serve({
      '/session': [{ body: { operator: 'amina' } }],
      '/state': [{ body: stateAt(first) }, { body: stateAt(second) }],
      '/history': [{ body: { revisions: [first] } }, { body: { revisions: [second, first] } }],
      '/switch': [{ body: { revision: second } }],
    });
    render(<OperationsApp />);
    const card = within(await screen.findByRole('article', { name: 'mf_cart' }));
    expect(card.getByText('Version en ligne : 1.0.0')).toBeTruthy();
    expect((card.getByLabelText('Version à mettre en ligne (mf_cart)') as HTMLSelectElement).value).toBe(entry('1.0.1'));
    fireEvent.change(card.getByLabelText('Raison (mf_cart)'), { target: { value: 'correctif du badge' } });
    fireEvent.click(card.getByRole('button', { name: 'Mettre en ligne mf_cart' }));

    expect(await screen.findByText('mf_cart : 1.0.0 → 1.0.1 en ligne (révision 2).')).toBeTruthy();
    expect(posted).toEqual([{ path: '/switch', body: { remote: 'mf_cart', entry: entry('1.0.1'), expectedRevision: 1, reason: 'correctif du badge' } }]);
    expect(await screen.findByText('Révision en ligne : 2')).toBeTruthy();
    expect(screen.getByText('Connecté : amina')).toBeTruthy();
  });

  it('shows on a remote’s card what the server refused to its releases’ code, and apart what no release claims', async () => {
    const first = revision(1, '1.0.0');
    const refused = (remote: 'mf_cart' | null, version: string | null, access: string, count: number) => ({ remote, version, access, count, lastAt: '2026-11-26T10:00:00.000Z' });
    serve({
      '/session': [{ body: { operator: 'amina' } }],
      '/state': [{ body: { ...stateAt(first), refusedAccesses: [refused('mf_cart', '6.6.6', 'fs.readFileSync /proc/self/environ', 3), refused(null, null, 'net.connect 127.0.0.1:9464', 1)] } }],
      '/history': [{ body: { revisions: [first] } }],
    });
    render(<OperationsApp />);
    const card = within(await screen.findByRole('article', { name: 'mf_cart' }));
    const section = within(card.getByRole('region', { name: 'Accès refusés au rendu serveur' }));
    expect(section.getByRole('listitem').textContent).toMatch(/^6\.6\.6 : fs\.readFileSync \/proc\/self\/environ — 3 fois, la dernière le /);
    expect(card.queryByText(/net\.connect/)).toBeNull();
    const apart = within(screen.getByRole('region', { name: /code d’une version non identifiée/ }));
    expect(apart.getByRole('listitem').textContent).toMatch(/^net\.connect 127\.0\.0\.1:9464 — 1 fois/);
  });

  it('shows a conflict’s message and the revision that won, and every reason of a refused release', async () => {
    const first = revision(1, '1.0.0');
    const won = revision(2, '1.0.1');
    serve({
      '/session': [{ body: { operator: 'youssef' } }],
      '/state': [{ body: stateAt(first) }, { body: stateAt(won) }],
      '/history': [{ body: { revisions: [first] } }, { body: { revisions: [won, first] } }],
      '/switch': [
        { status: 409, body: { error: { code: 'revision_conflict', message: 'Un autre opérateur a modifié la configuration entre-temps (révision 2).', current: won } } },
        { status: 422, body: { error: { code: 'release_refused', message: 'Version refusée : elle ne convient pas à la boutique.', reasons: ['raison une', 'raison deux'] } } },
      ],
    });
    render(<OperationsApp />);
    fireEvent.click(await screen.findByRole('button', { name: 'Mettre en ligne mf_cart' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Un autre opérateur a modifié la configuration');
    expect(await screen.findByText('Révision en ligne : 2')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'mf_cart' })).getByText('Version en ligne : 1.0.1')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Mettre en ligne mf_cart' }));
    const alert = await screen.findByRole('alert');
    await vi.waitFor(() => expect(within(alert).queryAllByRole('listitem').map((item) => item.textContent)).toEqual(['raison une', 'raison deux']));
  });

  it('offers only the moves an order may make, and shows the moved order', async () => {
    const order = {
      number: 'K7M2-Q9XP',
      status: 'reçue',
      createdAt: '2026-11-25T09:00:00.000Z',
      updatedAt: '2026-11-25T09:00:00.000Z',
      paymentMethod: 'cash_on_delivery',
      lines: [{ productId: 'sv-001', name: 'Sérum éclat', price: 149, quantity: 2, images: [] }],
      total: 298,
      delivery: { fullName: 'Khadija Bennani', phone: '+212661234567', city: 'Marrakech', address: '12, derb Sidi Bouloukat' },
    };
    const posted = serve({
      '/session': [{ body: { operator: 'amina' } }],
      '/state': [{ body: stateAt(revision(1, '1.0.0')) }],
      '/history': [{ body: { revisions: [revision(1, '1.0.0')] } }],
      '/orders': [{ body: { orders: [order], nextCursor: null } }],
      '/orders/K7M2-Q9XP/status': [{ body: { order: { ...order, status: 'confirmée' } } }],
    });
    render(<OperationsApp />);
    const row = within((await screen.findByText('Khadija Bennani')).closest('tr')!);
    expect(row.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['Confirmer la commande K7M2-Q9XP', 'Annuler la commande K7M2-Q9XP']);
    expect(row.getByText('2 × Sérum éclat')).toBeTruthy();
    fireEvent.click(row.getByRole('button', { name: 'Confirmer la commande K7M2-Q9XP' }));
    expect(await screen.findByText('Commande K7M2-Q9XP : confirmée.')).toBeTruthy();
    expect(row.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['Expédier la commande K7M2-Q9XP', 'Annuler la commande K7M2-Q9XP']);
    expect(posted).toContainEqual({ path: '/orders/K7M2-Q9XP/status', body: { status: 'confirmée' } });
  });

  it('lists the operators and removes another one after a confirmation, never the operator’s own account', async () => {
    const at = '2026-11-20T08:00:00.000Z';
    const posted = serve({
      '/session': [{ body: { operator: 'amina' } }],
      '/state': [{ body: stateAt(revision(1, '1.0.0')) }],
      '/history': [{ body: { revisions: [revision(1, '1.0.0')] } }],
      '/operators': [{ body: { operators: [{ name: 'amina', createdAt: at, roles: [...OPERATOR_ROLES] }, { name: 'youssef', createdAt: at, roles: ['orders'] }] } }],
      '/operators/youssef': [{ body: { operators: [{ name: 'amina', createdAt: at, roles: [...OPERATOR_ROLES] }] } }],
    });
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    render(<OperationsApp />);
    const table = within(await screen.findByRole('table', { name: 'Opérateurs de la console' }));
    await vi.waitFor(() => expect(table.getByText('Vous')).toBeTruthy());
    expect(table.queryByRole('button', { name: 'Retirer l’opérateur amina' })).toBeNull();
    fireEvent.click(table.getByRole('button', { name: 'Retirer l’opérateur youssef' }));
    expect(await screen.findByText('Opérateur youssef retiré.')).toBeTruthy();
    expect(confirm).toHaveBeenCalledWith('Retirer l’opérateur youssef ? Son jeton d’API et ses sessions cessent de valoir.');
    expect(posted).toContainEqual({ path: 'DELETE /operators/youssef', body: null });
    expect(table.queryByText('youssef')).toBeNull();
  });

  it('starts a canary with the chosen candidate and share, shows its figures, and promotes it', async () => {
    const first = revision(1, '1.0.0');
    const started: RemotesRevision = {
      ...first,
      revision: 2,
      changes: [],
      canary: { action: 'started', name: 'mf_cart', entry: entry('1.0.1'), fromShare: null, toShare: 30 },
      config: { ...first.config, canary: { name: 'mf_cart', entry: entry('1.0.1'), share: 30, startedAt: '2026-11-25T10:05:00.000Z' } },
    };
    const running: OperationsState = {
      ...stateAt(started),
      canary: {
        ...started.config.canary!,
        version: '1.0.1',
        liveVersion: '1.0.0',
        candidateFigures: { views: 40, failed: 1, browsers: 25, failedBrowsers: 1 },
        liveFigures: { views: 100, failed: 0, browsers: 60, failedBrowsers: 0 },
        serverFigures: { candidate: { renders: 30, failed: 0 }, live: { renders: 70, failed: 0 } },
      },
    };
    const promoted = revision(3, '1.0.1');
    const posted = serve({
      '/session': [{ body: { operator: 'amina' } }],
      '/state': [{ body: stateAt(first) }, { body: running }, { body: stateAt(promoted) }],
      '/history': [{ body: { revisions: [first] } }, { body: { revisions: [started, first] } }, { body: { revisions: [promoted, started, first] } }],
      '/canary': [{ body: { revision: started } }],
      '/canary/promote': [{ body: { revision: { ...promoted, canary: { action: 'promoted', name: 'mf_cart', entry: entry('1.0.1'), fromShare: 30, toShare: null } } } }],
    });
    render(<OperationsApp />);
    const card = within(await screen.findByRole('article', { name: 'mf_cart' }));
    // The live release is not a candidate.
    expect([...(card.getByLabelText('Version candidate (mf_cart)') as HTMLSelectElement).options].map((option) => option.value)).toEqual([entry('1.0.1')]);
    fireEvent.change(card.getByLabelText('Part des navigateurs en % (mf_cart)'), { target: { value: '30' } });
    fireEvent.click(card.getByRole('button', { name: 'Lancer le déploiement progressif de mf_cart' }));
    expect(await screen.findByText('mf_cart 1.0.1 : déploiement progressif lancé à 30 % (révision 2).')).toBeTruthy();
    expect(posted).toEqual([{ path: '/canary', body: { remote: 'mf_cart', entry: entry('1.0.1'), share: 30, expectedRevision: 1 } }]);

    const panel = within(await screen.findByRole('region', { name: 'Déploiement progressif en cours' }));
    expect(
      panel.getByText('1.0.1 (candidate) : 25 navigateurs, 1 en échec (4 %) ; 40 pages vues, 1 en échec ; 30 pages rendues par le serveur, 0 en échec (0 %)'),
    ).toBeTruthy();
    expect(
      panel.getByText('1.0.0 (en ligne) : 60 navigateurs, 0 en échec (0 %) ; 100 pages vues, 0 en échec ; 70 pages rendues par le serveur, 0 en échec (0 %)'),
    ).toBeTruthy();
    expect((card.getByRole('button', { name: 'Mettre en ligne mf_cart' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(panel.getByRole('button', { name: 'Promouvoir 1.0.1 pour tous' }));
    expect(await screen.findByText('mf_cart : 1.0.0 → 1.0.1 en ligne (révision 3).')).toBeTruthy();
    expect(posted[1]).toEqual({ path: '/canary/promote', body: { expectedRevision: 2 } });
  });

  it('shows only the sections the session’s roles allow, and reads nothing of the others', async () => {
    serve({ '/session': [{ body: { operator: 'nadia', roles: ['orders'] } }] });
    render(<OperationsApp />);
    const nav = within(await screen.findByRole('navigation', { name: 'Sections' }));
    await vi.waitFor(() => expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual(['Commandes']));
    expect(screen.getByRole('heading', { level: 2, name: 'Commandes' })).toBeTruthy();
    for (const hidden of ['Versions en ligne', 'Historique', 'Aperçus privés', 'Catalogue', 'Opérateurs', 'Jetons d’équipe']) {
      expect(screen.queryByRole('heading', { level: 2, name: hidden }), hidden).toBeNull();
    }
    const asked = vi.mocked(fetch).mock.calls.map(([url]) => String(url).replace('/operations/api', '').split('?')[0]);
    expect(asked).not.toContain('/state');
    expect(asked).not.toContain('/history');
    expect(asked).not.toContain('/operators');
    expect(asked).not.toContain('/catalogue/products');
  });

  it('shows every section to a session that names every role', async () => {
    serve({
      '/session': [{ body: { operator: 'amina', roles: [...OPERATOR_ROLES] } }],
      '/state': [{ body: stateAt(revision(1, '1.0.0')) }],
      '/history': [{ body: { revisions: [revision(1, '1.0.0')] } }],
    });
    render(<OperationsApp />);
    const nav = within(await screen.findByRole('navigation', { name: 'Sections' }));
    await vi.waitFor(() =>
      expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual([
        'Versions en ligne',
        'Historique',
        'Aperçus privés',
        'Commandes',
        'Catalogue',
        'Opérateurs',
        'Jetons d’équipe',
      ]),
    );
  });
});
