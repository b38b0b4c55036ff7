import { useState } from 'react';
import useSWR from 'swr';
import type { RemoteOverview } from '@shop/contracts/operations';
import type { PreviewBody, PreviewCreated, PreviewsListing, PreviewSummary } from '@shop/contracts/previews';
import { ApiRefusal, callApi, formatDateTime } from '../shared/api';
import styles from '../shared/console.module.css';
import { NoticeArea, type Notice } from '../shared/notice';
import { ConsoleTable, RowAction } from '../shared/console-table';
import { ReleaseOptions } from '../shared/release-options';
import { removeListed } from '../shared/remove-listed';

const describe = (preview: PreviewSummary) => preview.releases.map((release) => `${release.remote} ${release.version}`).join(', ');

/**
 * Private previews (decision 030): the real shop with candidate releases over the live ones, behind a link. The server
 * keeps only the link's digest, so the link is shown here once, right after it is created; the list never carries it.
 */
export function PreviewsSection({ remotes }: { remotes: RemoteOverview[] }) {
  const { data, error, mutate } = useSWR<PreviewsListing>('/previews');
  const [notice, setNotice] = useState<Notice>(null);
  const [link, setLink] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const previews = data?.previews;
  const listError = error instanceof ApiRefusal ? error.message : null;

  const end = (preview: PreviewSummary) =>
    removeListed({
      confirm: `Mettre fin à l’aperçu ${describe(preview)} ? Son lien montrera la boutique en ligne.`,
      path: `/previews/${encodeURIComponent(preview.id)}`,
      done: `Aperçu ${describe(preview)} terminé : son lien montre désormais la boutique en ligne.`,
      mutate,
      setNotice,
      setBusy,
    });

  const create = async (body: PreviewBody) => {
    setBusy(true);
    setNotice(null);
    setLink(null);
    try {
      const created = await callApi<PreviewCreated>('/previews', { method: 'POST', body });
      setLink(created.link);
      setNotice({ kind: 'done', text: `Aperçu ${describe(created.preview)} créé, jusqu’au ${formatDateTime(created.preview.expiresAt)}.` });
    } catch (error) {
      // A release the shop's checks refuse comes back with every failed check, as for a refused switch.
      if (error instanceof ApiRefusal) setNotice({ kind: 'refused', text: error.message, ...(error.body.reasons ? { reasons: error.body.reasons } : {}) });
    } finally {
      await mutate();
      setBusy(false);
    }
  };

  return (
    <>
      <CreatePreview remotes={remotes} busy={busy} create={create} />
      <NoticeArea notice={listError ? { kind: 'refused', text: listError } : notice} />
      {/* Always in the page, so that a screen reader announces the link when it appears. */}
      <output className={styles.done}>
        {link && (
          <>
            Lien d’aperçu (montré une seule fois) : <code>{link}</code>
          </>
        )}
      </output>
      {!previews && !listError && <p>Chargement…</p>}
      {previews && previews.length === 0 && <p>Aucun aperçu en cours.</p>}
      {previews && previews.length > 0 && (
        <ConsoleTable caption="Aperçus en cours" columns={['Versions', 'Créé par', 'Créé le', 'Expire le', 'Action']} scrolls>
          {previews.map((preview) => (
            <tr key={preview.id}>
              <td>
                {preview.releases.map((release) => (
                  <div key={release.remote}>{`${release.remote} ${release.version}`}</div>
                ))}
              </td>
              <td>{preview.createdBy}</td>
              <td>{formatDateTime(preview.createdAt)}</td>
              <td>{formatDateTime(preview.expiresAt)}</td>
              <td>
                <RowAction label={`Mettre fin à l’aperçu ${describe(preview)}`} busy={busy} onClick={() => void end(preview)}>
                  Mettre fin
                </RowAction>
              </td>
            </tr>
          ))}
        </ConsoleTable>
      )}
    </>
  );
}

/** One release of one remote, from those its server offers (the state's list, as for a switch). */
function CreatePreview({ remotes, busy, create }: { remotes: RemoteOverview[]; busy: boolean; create: (body: PreviewBody) => Promise<void> }) {
  const [chosenRemote, setChosenRemote] = useState<string | null>(null);
  const [chosenEntry, setChosenEntry] = useState<string | null>(null);
  const offering = remotes.filter((remote) => remote.releases.length > 0);
  const remote = offering.find((candidate) => candidate.name === chosenRemote) ?? offering[0];
  if (!remote) return <p className={styles.muted}>Aucune version proposée : aucun aperçu ne peut être créé pour l’instant.</p>;
  // The choice stays while it is still offered; otherwise the newest release that is not live, the one worth previewing.
  const entry =
    chosenEntry && remote.releases.some((release) => release.entry === chosenEntry)
      ? chosenEntry
      : (remote.releases.find((release) => release.entry !== remote.entry) ?? remote.releases[0]!).entry;

  return (
    <form
      className={styles.filters}
      aria-label="Créer un aperçu"
      onSubmit={(event) => {
        event.preventDefault();
        void create({ releases: [{ remote: remote.name, entry }] });
      }}
    >
      <label className={styles.field}>
        <span>Remote de l’aperçu</span>
        <select
          value={remote.name}
          disabled={busy}
          onChange={(event) => {
            setChosenRemote(event.target.value);
            setChosenEntry(null);
          }}
        >
          {offering.map((candidate) => (
            <option key={candidate.name} value={candidate.name}>
              {candidate.name}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        <span>Version de l’aperçu</span>
        <select value={entry} disabled={busy} onChange={(event) => setChosenEntry(event.target.value)}>
          <ReleaseOptions remote={remote} />
        </select>
      </label>
      <button type="submit" className={styles.button} disabled={busy}>
        Créer l’aperçu
      </button>
    </form>
  );
}
