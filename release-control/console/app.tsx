import { useState } from 'react';
import useSWR, { SWRConfig } from 'swr';
import type { OperationsState, OperatorSession, RevisionHistory, RevisionResponse } from '@shop/contracts/operations';
import { rolesOf, type OperatorRole } from '@shop/contracts/operator-roles';
import { HistorySection } from './history/history-section';
import { OperatorsSection } from './operators/operators-section';
import { OrdersSection } from './orders/orders-section';
import { PreviewsSection } from './previews/previews-section';
import { RemotesSection } from './remotes/remotes-section';
import { CatalogueSection } from './catalogue/catalogue-section';
import { describeDone, type Act } from './shared/act';
import { ApiRefusal, callApi } from './shared/api';
import styles from './shared/console.module.css';
import { NoticeArea, type Notice } from './shared/notice';
import { TeamsSection } from './teams/teams-section';

/**
 * The console's sections, each with the role it needs (decision 042): an operator sees those their session's roles
 * allow, and the console reads nothing of the others. Hiding is for clarity only: the API refuses them anyway.
 */
const SECTIONS: ReadonlyArray<{ id: string; title: string; role: OperatorRole }> = [
  { id: 'versions', title: 'Versions en ligne', role: 'releases' },
  { id: 'historique', title: 'Historique', role: 'releases' },
  { id: 'apercus', title: 'Aperçus privés', role: 'releases' },
  { id: 'commandes', title: 'Commandes', role: 'orders' },
  { id: 'catalogue', title: 'Catalogue', role: 'catalogue' },
  { id: 'operateurs', title: 'Opérateurs', role: 'admin' },
  { id: 'equipes', title: 'Jetons d’équipe', role: 'releases' },
];

/**
 * The operators' console: the live releases and their switches, the history of revisions, private previews, the
 * orders, the catalogue, the operators and the team tokens, as the operator's roles allow. Remotes and history read
 * one state; every change reloads both, so the page always shows the revision a next change starts from.
 */
export function OperationsApp() {
  // Its own cache: nothing of the shop's pages is shared with the console.
  return (
    <SWRConfig value={{ provider: () => new Map(), fetcher: (path: string) => callApi(path), revalidateOnFocus: true }}>
      <Console />
    </SWRConfig>
  );
}

function Console() {
  const session = useSWR<OperatorSession>('/session');
  // Nothing is shown before the session says what the operator may do; a session without roles is one with every role.
  const roles = session.data ? rolesOf(session.data.roles) : [];
  const allowed = (id: string) => SECTIONS.some((section) => section.id === id && roles.includes(section.role));
  const releases = roles.includes('releases');
  // While a canary runs its figures move, and it may be aborted automatically: the console follows every few seconds.
  const [following, setFollowing] = useState(false);
  const refreshInterval = following ? 5000 : 0;
  const { data: state, error: stateError, mutate: reloadState } = useSWR<OperationsState>(releases ? '/state' : null, {
    refreshInterval,
    onSuccess: (data) => {
      setFollowing(data.canary !== null);
      // A revision made elsewhere (another operator, the automatic watch): the history follows at once.
      if (history && history.revisions[0]?.revision !== data.live.revision) void reloadHistory();
    },
  });
  const { data: history, mutate: reloadHistory } = useSWR<RevisionHistory>(releases ? '/history' : null);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const reload = () => Promise.all([reloadState(), reloadHistory()]);
  const operator = session.data?.operator;

  const act: Act = async (change) => {
    setBusy(true);
    try {
      const { revision } = await callApi<RevisionResponse>(change.path, { method: 'POST', body: change.body });
      setNotice({ kind: 'done', text: describeDone(revision) });
    } catch (error) {
      if (error instanceof ApiRefusal) setNotice({ kind: 'refused', text: error.message, ...(error.body.reasons ? { reasons: error.body.reasons } : {}) });
    } finally {
      // After a conflict too: the operator sees the revision that won, and the next change starts from it.
      await reload();
      setBusy(false);
    }
  };

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>Console des opérations</h1>
        {operator && <p>Connecté : {operator}</p>}
        <form method="post" action="/operations/logout">
          <button type="submit" className={styles.secondary}>
            Se déconnecter
          </button>
        </form>
      </header>
      <nav className={styles.nav} aria-label="Sections">
        <ul>
          {SECTIONS.filter((section) => allowed(section.id)).map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      <main>
        {session.data === undefined && <p>{session.error ? (session.error as Error).message : 'Chargement…'}</p>}
        {allowed('versions') && (
          <section id="versions" className={styles.section} aria-labelledby="versions-title">
            <h2 id="versions-title">Versions en ligne</h2>
            {state ? <p>Révision en ligne : {state.live.revision}</p> : <p>{stateError ? (stateError as Error).message : 'Chargement…'}</p>}
            <NoticeArea notice={notice} />
            {state && <RemotesSection state={state} busy={busy} act={act} />}
          </section>
        )}
        {allowed('historique') && (
          <section id="historique" className={styles.section} aria-labelledby="history-title">
            <h2 id="history-title">Historique</h2>
            {state && history && <HistorySection revisions={history.revisions} live={state.live.revision} busy={busy} act={act} />}
          </section>
        )}
        {allowed('apercus') && (
          <section id="apercus" className={styles.section} aria-labelledby="previews-title">
            <h2 id="previews-title">Aperçus privés</h2>
            <PreviewsSection remotes={state?.remotes ?? []} />
          </section>
        )}
        {allowed('commandes') && (
          <section id="commandes" className={styles.section} aria-labelledby="orders-title">
            <h2 id="orders-title">Commandes</h2>
            <OrdersSection />
          </section>
        )}
        {allowed('catalogue') && (
          <section id="catalogue" className={styles.section} aria-labelledby="catalogue-title">
            <h2 id="catalogue-title">Catalogue</h2>
            <CatalogueSection />
          </section>
        )}
        {allowed('operateurs') && (
          <section id="operateurs" className={styles.section} aria-labelledby="operators-title">
            <h2 id="operators-title">Opérateurs</h2>
            <OperatorsSection self={operator} onRolesChanged={() => void session.mutate()} />
          </section>
        )}
        {allowed('equipes') && (
          <section id="equipes" className={styles.section} aria-labelledby="teams-title">
            <h2 id="teams-title">Jetons d’équipe</h2>
            <TeamsSection />
          </section>
        )}
      </main>
    </div>
  );
}
