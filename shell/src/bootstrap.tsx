import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { remoteOf } from '@shop/contracts/exposes';
import { ShopApp } from './app/shop-app';
import { handedOver, PAGE_SNAPSHOT_ID, type PageSnapshot } from './data/page-data';
import { asksForOverrides } from '../shared/override-keys';
import type { OverrideOutcome, Overrides } from './remotes/overrides';
import { browserLoader, preloadModules, registerConfiguredRemotes } from './remotes/federation';
import { firstScreenModules } from './remotes/hydration-gate';
import { fetchRemotesConfig } from './remotes/remotes-config';
import { modulesForPath } from './routes/modules-for-path';
import { AppRoutes } from './routes/router';
import { localeOfPath } from '@shop/contracts/locales';
import { routerBasename } from './app/page-locale';
import { pageViewTelemetry, startPageViewTelemetry } from '@shop/release-control/page-views';
import '@shop/contracts/tokens.css';

async function configureRemotes(): Promise<Overrides> {
  try {
    const config = await fetchRemotesConfig();
    // A trial release's code is fetched only by a browser that asks for one.
    const outcome: OverrideOutcome = asksForOverrides(window.location, window.sessionStorage)
      ? (await import(/* webpackChunkName: "on-demand-overrides" */ './remotes/overrides')).applyOverrides(config, window.location, window.sessionStorage)
      : { config, active: {}, refused: [], cleanUrl: null };
    for (const refusal of outcome.refused) console.error(`[remotes] trial release refused: ${refusal}`);
    if (outcome.cleanUrl) window.history.replaceState(window.history.state, '', outcome.cleanUrl);
    registerConfiguredRemotes(outcome.config);
    startPageViewTelemetry(outcome.config);
    preloadModules(firstScreenModules(modulesForPath(localeOfPath(window.location.pathname).path)));
    return outcome.active;
  } catch (error) {
    // Without a configuration every part shows its fallback; the page itself still renders.
    console.error('[remotes] unreadable remotes configuration: every remote part shows its fallback', error);
    return {};
  }
}

/** What the server rendered this page with, or null for a page the browser renders alone (dev server, fallback HTML). */
function pageSnapshot(): PageSnapshot | null {
  const text = document.getElementById(PAGE_SNAPSHOT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PageSnapshot;
  } catch {
    return null;
  }
}

/** Ends the current task, so the browser can take a tap or paint before the next step (Chromium's scheduler.yield). */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

async function start() {
  const overrides = await configureRemotes();
  await yieldToBrowser();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing from index.html');
  const snapshot = pageSnapshot();
  // A trial release (override) is not what the server rendered: that page is rendered here, from scratch.
  const hydrate = snapshot !== null && Object.keys(overrides).length === 0;
  const { pathname } = window.location;
  const app = (
    <ShopApp
      locale={localeOfPath(pathname).locale}
      loader={browserLoader(hydrate ? snapshot.failed : [], (id, outcome) => pageViewTelemetry.report(remoteOf(id), outcome), hydrate)}
      data={hydrate ? handedOver(snapshot.data) : {}}
      notFoundPath={hydrate ? snapshot.notFoundPath : null}
      overrides={overrides}
    >
      {/* Synchronous updates, as the data router gave: a controlled radio or checkbox driven by the URL flips at once. */}
      <BrowserRouter useTransitions={false} basename={routerBasename(pathname)}>
        <AppRoutes />
      </BrowserRouter>
    </ShopApp>
  );
  if (!hydrate) {
    createRoot(container).render(app);
    return;
  }
  // At once, without waiting for the parts' code (decision 024): the shell's own tree hydrates now, and each part's
  // server HTML stays as it is until its code arrives, then hydrates on its own (React's selective hydration).
  // As a transition, so React hydrates in slices of a few milliseconds and the browser takes a tap between two: a
  // blocking hydration (React's default for a root) holds the main thread for one long task per part (issue 46).
  startTransition(() => {
    hydrateRoot(container, app, {
      // A part the server left to the browser (its render failed or was late) is rendered here: say so, once, plainly.
      onRecoverableError: (error) => console.warn(`[ssr] a part of the page was rendered in the browser: ${(error as Error).message}`),
    });
  });
}

void start();
