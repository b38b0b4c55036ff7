import { useState } from 'react';
import useSWR, { SWRConfig } from 'swr';
import type { OperationsState, OperatorSession, RevisionHistory, RevisionResponse } from '@shop/contracts/operations';
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
 * The operators' console: the live releases and their switches, the history of revisions, private previews, the
 * orders, the catalogue, the operators and the team tokens. Remotes and history read one state; every change reloads
 * both, so the page always shows the revision a next change starts from.
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
  // While a canary runs its figures move, and it may be aborted automatically: the console follows every few seconds.
  const [following, setFollowing] = useState(false);
  const refreshInterval = following ? 5000 : 0;
  const { data: state, error: stateError, mutate: reloadState } = useSWR<OperationsState>('/state', {
    refreshInterval,
    onSuccess: (data) => {
      setFollowing(data.canary !== null);
      // A revision made elsewhere (another operator, the automatic watch): the history follows at once.
      if (history && history.revisions[0]?.revision !== data.live.revision) void reloadHistory();
    },
  });
  const { data: history, mutate: reloadHistory } = useSWR<RevisionHistory>('/history');
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
          <li>
            <a href="#versions">Versions en ligne</a>
          </li>
          <li>
            <a href="#historique">Historique</a>
          </li>
          <li>
            <a href="#apercus">Aperçus privés</a>
          </li>
          <li>
            <a href="#commandes">Commandes</a>
          </li>
          <li>
            <a href="#catalogue">Catalogue</a>
          </li>
          <li>
            <a href="#operateurs">Opérateurs</a>
          </li>
          <li>
            <a href="#equipes">Jetons d’équipe</a>
          </li>
        </ul>
      </nav>
      <main>
        <section id="versions" className={styles.section} aria-labelledby="versions-title">
          <h2 id="versions-title">Versions en ligne</h2>
          {state ? <p>Révision en ligne : {state.live.revision}</p> : <p>{stateError ? (stateError as Error).message : 'Chargement…'}</p>}
          <NoticeArea notice={notice} />
          {state && <RemotesSection state={state} busy={busy} act={act} />}
        </section>
        <section id="historique" className={styles.section} aria-labelledby="history-title">
          <h2 id="history-title">Historique</h2>
          {state && history && <HistorySection revisions={history.revisions} live={state.live.revision} busy={busy} act={act} />}
        </section>
        <section id="apercus" className={styles.section} aria-labelledby="previews-title">
          <h2 id="previews-title">Aperçus privés</h2>
          <PreviewsSection remotes={state?.remotes ?? []} />
        </section>
        <section id="commandes" className={styles.section} aria-labelledby="orders-title">
          <h2 id="orders-title">Commandes</h2>
          <OrdersSection />
        </section>
        <section id="catalogue" className={styles.section} aria-labelledby="catalogue-title">
          <h2 id="catalogue-title">Catalogue</h2>
          <CatalogueSection />
        </section>
        <section id="operateurs" className={styles.section} aria-labelledby="operators-title">
          <h2 id="operators-title">Opérateurs</h2>
          <OperatorsSection self={operator} />
        </section>
        <section id="equipes" className={styles.section} aria-labelledby="teams-title">
          <h2 id="teams-title">Jetons d’équipe</h2>
          <TeamsSection />
        </section>
      </main>
    </div>
  );
}
