import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { Overrides } from './remotes/overrides';
import { applyOverrides } from './remotes/overrides';
import { OverrideBanner } from './remotes/override-banner';
import { preloadModules, registerConfiguredRemotes } from './remotes/federation';
import { fetchRemotesConfig } from './remotes/remotes-config';
import { modulesForPath } from './routes/modules-for-path';
import { AppRoutes } from './routes/router';
import { swrDefaults } from './data/swr-defaults';
import { ToastHost } from './toasts/toast-host';
import '@shop/contracts/tokens.css';

async function configureRemotes(): Promise<Overrides> {
  try {
    const outcome = applyOverrides(await fetchRemotesConfig(), window.location, window.sessionStorage);
    for (const refusal of outcome.refused) console.error(`[remotes] trial release refused: ${refusal}`);
    if (outcome.cleanUrl) window.history.replaceState(window.history.state, '', outcome.cleanUrl);
    registerConfiguredRemotes(outcome.config);
    preloadModules(modulesForPath(window.location.pathname));
    return outcome.active;
  } catch (error) {
    // Without a configuration every part shows its fallback; the page itself still renders.
    console.error('[remotes] unreadable remotes configuration: every remote part shows its fallback', error);
    return {};
  }
}

async function start() {
  const overrides = await configureRemotes();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <OverrideBanner active={overrides} />
      <SWRConfig value={swrDefaults}>
        {/* Synchronous updates, as the data router gave: a controlled radio or checkbox driven by the URL flips at once. */}
        <BrowserRouter useTransitions={false}>
          <AppRoutes />
        </BrowserRouter>
      </SWRConfig>
      <ToastHost />
    </StrictMode>,
  );
}

void start();
