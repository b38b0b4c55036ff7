import { useId, useState, type FormEvent } from 'react';
import type { CatalogueCsvLineError } from '@shop/contracts/catalogue-csv';
import { ApiRefusal } from '../../shared/api';
import styles from '../../shared/console.module.css';
import { NoticeArea, type Notice } from '../../shared/notice';
import { CATALOGUE_CSV_PATH, importCatalogueCsv, type CsvPhase } from './import-csv';

const count = new Intl.NumberFormat('fr-FR');
const PHASE_LABELS: Record<CsvPhase['phase'], string> = { validating: 'Vérification des lignes', writing: 'Enregistrement des produits' };

/**
 * « Import et export CSV » (issue 61), for the catalogue section: the whole catalogue to download, and a file to import,
 * its progress as the server checks then writes it, then what it changed, or every refused line in a table (nothing
 * is written then). The format is contracts' catalogue-csv.ts.
 */
export function CatalogueCsvPanel() {
  const ids = { title: useId(), file: useId(), progress: useId(), progressLabel: useId() };
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<CsvPhase | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [lines, setLines] = useState<CatalogueCsvLineError[]>([]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || busy) return;
    setBusy(true);
    setNotice(null);
    setLines([]);
    setPhase({ phase: 'validating', done: 0, total: 0 });
    try {
      const outcome = await importCatalogueCsv(file, setPhase);
      if ('result' in outcome) {
        const { added, updated, unchanged } = outcome.result;
        setNotice({ kind: 'done', text: `Import terminé : ${count.format(added)} ajouté(s), ${count.format(updated)} modifié(s), ${count.format(unchanged)} inchangé(s).` });
      } else {
        setNotice({ kind: 'refused', text: outcome.error.message });
        setLines(outcome.error.lines);
      }
    } catch (error) {
      setNotice({ kind: 'refused', text: error instanceof ApiRefusal ? error.message : 'L’import a échoué : réessayez.' });
    } finally {
      setPhase(null);
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={ids.title}>
      <h3 id={ids.title}>Import et export CSV</h3>
      <p>
        {/* A plain link: the browser saves the answer as the file it names, streamed, whatever its size. */}
        <a className={styles.link} href={CATALOGUE_CSV_PATH} download>
          Télécharger le catalogue (CSV)
        </a>
      </p>
      <p className={styles.muted}>
        Un produit par ligne, en UTF-8. Laissez id et version vides pour un nouveau produit ; une ligne d’un produit modifié depuis l’export est
        refusée. Le stock n’est lu que pour un nouveau produit. Un fichier avec une erreur n’est pas importé du tout.
      </p>
      <form onSubmit={(event) => void submit(event)} className={styles.filters}>
        <label className={styles.field} htmlFor={ids.file}>
          <span>Fichier CSV à importer</span>
          <input id={ids.file} type="file" accept=".csv,text/csv" disabled={busy} onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
        </label>
        <div className={styles.actions}>
          <button type="submit" className={styles.button} disabled={!file || busy}>
            Importer
          </button>
        </div>
      </form>
      {phase && (
        <p>
          <label id={ids.progressLabel} htmlFor={ids.progress}>
            {PHASE_LABELS[phase.phase]} : {count.format(phase.done)} sur {count.format(phase.total)}
          </label>{' '}
          {/* Without a total yet (the file is still going up) the bar is indeterminate. */}
          <progress id={ids.progress} aria-labelledby={ids.progressLabel} max={phase.total || undefined} value={phase.total ? phase.done : undefined} />
        </p>
      )}
      <NoticeArea notice={notice} />
      {lines.length > 0 && (
        <div className={styles.scroll}>
          <table className={styles.table}>
            <caption>Lignes à corriger</caption>
            <thead>
              <tr>
                <th scope="col">Ligne</th>
                <th scope="col">Champ</th>
                <th scope="col">Message</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line, index) => (
                <tr key={`${line.line}-${line.field}-${index}`}>
                  <td>{line.line}</td>
                  <td>{line.field}</td>
                  <td>{line.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
