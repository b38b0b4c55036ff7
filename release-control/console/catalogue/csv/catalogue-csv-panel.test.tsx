// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CatalogueCsvProgress } from '@shop/contracts/catalogue-csv';
import { bodyCells } from '../../shared/section-test-kit';
import { CatalogueCsvPanel } from './catalogue-csv-panel';

/** An accessible name as read, French thousands separators (narrow no-break spaces) as plain spaces. */
const named = (text: string) => (name: string) => name.replace(/\s/g, ' ') === text;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The import's answer as the server streams it: each line sent when the test says so. */
function streamedAnswer() {
  let push: (line: CatalogueCsvProgress | null) => void = () => undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (line) => (line ? controller.enqueue(new TextEncoder().encode(`${JSON.stringify(line)}\n`)) : controller.close());
    },
  });
  const sent: Array<{ url: string; init: RequestInit }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'application/x-ndjson; charset=utf-8' } });
    }),
  );
  return { push, sent };
}

const chooseAndImport = () => {
  const file = new File(['id,version\r\n'], 'catalogue.csv', { type: 'text/csv' });
  fireEvent.change(screen.getByLabelText('Fichier CSV à importer'), { target: { files: [file] } });
  fireEvent.click(screen.getByRole('button', { name: 'Importer' }));
  return file;
};

describe('the catalogue’s CSV panel', () => {
  it('offers the export as a download, sends the file as text/csv, follows its progress and says what changed', async () => {
    const answer = streamedAnswer();
    render(<CatalogueCsvPanel />);
    expect(screen.getByRole('heading', { name: 'Import et export CSV' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Télécharger le catalogue (CSV)' });
    expect(link.getAttribute('href')).toBe('/operations/api/catalogue/products.csv');
    expect(link.hasAttribute('download')).toBe(true);
    expect((screen.getByRole('button', { name: 'Importer' }) as HTMLButtonElement).disabled).toBe(true);
    const file = chooseAndImport();
    answer.push({ phase: 'validating', done: 1000, total: 10000 });
    const bar = await screen.findByRole('progressbar', { name: named('Vérification des lignes : 1 000 sur 10 000') });
    expect([bar.getAttribute('value'), bar.getAttribute('max')]).toEqual(['1000', '10000']);
    answer.push({ phase: 'writing', done: 2000, total: 3000 });
    await screen.findByRole('progressbar', { name: named('Enregistrement des produits : 2 000 sur 3 000') });
    answer.push({ result: { added: 1000, updated: 2000, unchanged: 7000 } });
    answer.push(null);
    await screen.findByText((text) => named('Import terminé : 1 000 ajouté(s), 2 000 modifié(s), 7 000 inchangé(s).')(text));
    expect(screen.getByRole('status').textContent).toMatch(/^Import terminé/);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(answer.sent[0]!.init).toMatchObject({ method: 'POST', body: file, headers: { 'Content-Type': 'text/csv' } });
  });

  it('lists every refused line in a table: ligne, champ, message', async () => {
    const answer = streamedAnswer();
    render(<CatalogueCsvPanel />);
    chooseAndImport();
    const lines = [
      { line: 7002, field: 'price' as const, message: 'Le prix : un montant positif en MAD, avec deux décimales au plus.' },
      { line: 7002, field: 'name_ar' as const, message: 'Le nom en arabe : de 2 à 120 caractères.' },
    ];
    answer.push({ error: { code: 'validation_failed', message: 'Le fichier n’a pas été importé : 1 ligne(s) à corriger. Rien n’a été modifié.', lines } });
    const table = await screen.findByRole('table', { name: 'Lignes à corriger' });
    expect(bodyCells(table)).toEqual(lines.map((line) => [String(line.line), line.field, line.message]));
    expect(screen.getByRole('alert').textContent).toMatch(/1 ligne\(s\) à corriger/);
  });

  it('shows a refusal before any progress (not CSV, too large) in French', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: { code: 'payload_too_large', message: 'Le fichier est trop volumineux.' } }), { status: 413, headers: { 'Content-Type': 'application/json' } })),
    );
    render(<CatalogueCsvPanel />);
    chooseAndImport();
    expect((await screen.findByRole('alert')).textContent).toBe('Le fichier est trop volumineux.');
  });
});
