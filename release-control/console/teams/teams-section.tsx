import { useState } from 'react';
import useSWR from 'swr';
import { PREVIEW_MESSAGES, TEAM_NAME, type TeamBody, type TeamCreated, type TeamsListing } from '@shop/contracts/previews';
import { REMOTE_NAMES, type RemoteName } from '@shop/contracts/remotes';
import { ApiRefusal, callApi, formatDateTime } from '../shared/api';
import styles from '../shared/console.module.css';
import { NoticeArea, type Notice } from '../shared/notice';
import { removeListed } from '../shared/remove-listed';
import { ConsoleTable, RowAction } from '../shared/console-table';

/**
 * TEAM_NAME for the `pattern` attribute. Browsers compile it with the `v` flag, where a `-` at the end of a class must
 * be escaped: unescaped, the pattern is invalid and silently checks nothing.
 */
const TEAM_NAME_PATTERN = TEAM_NAME.source.replace(/^\^|\$$/g, '').replaceAll('-]', '\\-]');

/**
 * Team tokens (decision 030): each lets one remote team's CI list that remote's releases, run the shop's checks on one
 * and create previews of it, nothing else. The server keeps only the token's digest: it is shown here once.
 */
export function TeamsSection() {
  const { data, error, mutate } = useSWR<TeamsListing>('/teams');
  const [notice, setNotice] = useState<Notice>(null);
  const [created, setCreated] = useState<TeamCreated | null>(null);
  const [busy, setBusy] = useState(false);
  const [name, setName] = useState('');
  const [remote, setRemote] = useState<RemoteName>(REMOTE_NAMES[0]);
  const teams = data?.teams;
  const listError = error instanceof ApiRefusal ? error.message : null;

  const create = async (body: TeamBody) => {
    setBusy(true);
    setNotice(null);
    setCreated(null);
    try {
      setCreated(await callApi<TeamCreated>('/teams', { method: 'POST', body }));
      setName('');
    } catch (error) {
      if (error instanceof ApiRefusal) setNotice({ kind: 'refused', text: error.message });
    } finally {
      await mutate();
      setBusy(false);
    }
  };

  const remove = async (team: string) => {
    const removed = await removeListed({
      confirm: `Retirer le jeton de l’équipe ${team} ? Sa CI ne pourra plus lister les versions, lancer les vérifications ni créer d’aperçus.`,
      path: `/teams/${encodeURIComponent(team)}`,
      done: `Jeton de l’équipe ${team} retiré.`,
      mutate,
      setNotice,
      setBusy,
    });
    // A token shown for a team that no longer has one would only mislead.
    if (removed && created?.team.name === team) setCreated(null);
  };

  return (
    <>
      <form
        className={styles.filters}
        aria-label="Créer un jeton d’équipe"
        onSubmit={(event) => {
          event.preventDefault();
          void create({ name: name.trim(), remote });
        }}
      >
        <label className={styles.field}>
          <span>Nom de l’équipe</span>
          <input
            value={name}
            required
            pattern={TEAM_NAME_PATTERN}
            autoComplete="off"
            spellCheck={false}
            aria-describedby="team-name-rule"
            onChange={(event) => setName(event.target.value)}
          />
        </label>
        <label className={styles.field}>
          <span>Remote</span>
          <select value={remote} onChange={(event) => setRemote(event.target.value as RemoteName)}>
            {REMOTE_NAMES.map((candidate) => (
              <option key={candidate} value={candidate}>
                {candidate}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={styles.button} disabled={busy}>
          Créer le jeton
        </button>
      </form>
      <p id="team-name-rule" className={styles.muted}>
        {PREVIEW_MESSAGES.teamName}
      </p>
      <NoticeArea notice={listError ? { kind: 'refused', text: listError } : notice} />
      {/* Always in the page, so that a screen reader announces the token when it appears. */}
      <output className={styles.done}>
        {created && (
          <>
            <span>
              Jeton de l’équipe {created.team.name} (montré une seule fois) : <code>{created.token}</code>
            </span>
            <span className={styles.muted}>
              {` Il permet à la CI de l’équipe ${created.team.name} de lister les versions de ${created.team.remote}, d’en lancer les vérifications et d’en créer des aperçus : de ce remote seulement.`}
            </span>
          </>
        )}
      </output>
      {!teams && !listError && <p>Chargement…</p>}
      {teams && teams.length === 0 && <p>Aucun jeton d’équipe.</p>}
      {teams && teams.length > 0 && (
        <ConsoleTable caption="Jetons d’équipe" columns={['Équipe', 'Remote', 'Créé par', 'Créé le', 'Action']}>
          {teams.map((team) => (
            <tr key={team.name}>
              <td>{team.name}</td>
              <td>{team.remote}</td>
              <td>{team.createdBy}</td>
              <td>{formatDateTime(team.createdAt)}</td>
              <td>
                <RowAction label={`Retirer le jeton de l’équipe ${team.name}`} busy={busy} onClick={() => void remove(team.name)}>
                  Retirer
                </RowAction>
              </td>
            </tr>
          ))}
        </ConsoleTable>
      )}
    </>
  );
}
