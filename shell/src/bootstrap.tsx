import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { swrDefaults } from './data/swr-defaults';
import { registerConfiguredRemotes } from './remotes/federation';
import { fetchRemotesConfig } from './remotes/remotes-config';
import { router } from './routes/router';
import { ToastHost } from './toasts/toast-host';
import '@shop/contracts/tokens.css';

async function start() {
  try {
    registerConfiguredRemotes(await fetchRemotesConfig());
  } catch (error) {
    // Without a configuration every part shows its fallback; the page itself still renders.
    console.error('[remotes] configuration illisible, les parties distantes sont indisponibles', error);
  }
  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <SWRConfig value={swrDefaults}>
        <RouterProvider router={router} />
      </SWRConfig>
      <ToastHost />
    </StrictMode>,
  );
}

void start();
