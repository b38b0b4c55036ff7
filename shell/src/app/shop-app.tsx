import { lazy, StrictMode, Suspense, useState } from 'react';
import type { ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { swrDefaults } from '../data/swr-defaults';
import type { Overrides } from '../remotes/overrides';
import { RemoteLoaderContext, type RemoteLoader } from '../remotes/remote-loader';
import { ServerNotFoundContext } from '../routes/server-not-found';
import { ToastHost } from '../toasts/toast-host';
import { pageReadiness, PageReadinessContext, RootCommitted } from '../remotes/page-readiness';
import { PartClockContext, type PartClock } from '../remotes/part-clock';
import { READY_DATASET_KEY, READY_DATASET_VALUE } from '@shop/contracts/page-ready';
import type { ShopLocale } from '@shop/contracts/locales';
import { Messages, shellWords } from '../messages/messages';

interface ShopAppProps {
  /** The page's language, from its URL (page-locale.ts). */
  locale: ShopLocale;
  loader: RemoteLoader;
  /** The page's data layer: the server's answers (browser), or the server's reads (server). */
  data: SWRConfiguration;
  notFoundPath: string | null;
  /** Trial releases this browser runs (never on the server: a page with one is rendered in the browser only). */
  overrides: Overrides;
  /** The router with the routes: a BrowserRouter in the browser, a StaticRouter on the server. */
  children: ReactNode;
  /** On a traced server render, the clock of the page's parts (their spans); none in the browser. */
  partClock?: PartClock | null;
}

/** Shown only with a trial release, which a page the server rendered never has: its code comes only then. */
const OverrideBanner = lazy(() => import(/* webpackChunkName: "on-demand-override-banner" */ '../remotes/override-banner').then((module) => ({ default: module.OverrideBanner })));

/** The shell's one group of words, in its code. */
const SHELL_WORDS = [shellWords];

/** Marks the page interactive: `<html data-shop="ready">`, which tests and tools wait on (contracts' page-ready.ts). */
function markReady() {
  document.documentElement.dataset[READY_DATASET_KEY] = READY_DATASET_VALUE;
}

/** The shop's whole tree, the same on the server and in the browser, so a server-rendered page hydrates as it is. */
export function ShopApp({ locale, loader, data, notFoundPath, overrides, children, partClock = null }: ShopAppProps) {
  // Effects never run on the server: the mark is the browser's, once the root and every part on the page are committed.
  const [readiness] = useState(() => pageReadiness(markReady));
  return (
    <StrictMode>
      <Messages locale={locale} groups={SHELL_WORDS}>
        {Object.keys(overrides).length > 0 ? (
          <Suspense fallback={null}>
            <OverrideBanner active={overrides} />
          </Suspense>
        ) : null}
        <RemoteLoaderContext.Provider value={loader}>
          <ServerNotFoundContext.Provider value={notFoundPath}>
            <PageReadinessContext.Provider value={readiness}>
              <PartClockContext.Provider value={partClock}>
                <SWRConfig value={{ ...swrDefaults, ...data }}>{children}</SWRConfig>
              </PartClockContext.Provider>
            </PageReadinessContext.Provider>
          </ServerNotFoundContext.Provider>
        </RemoteLoaderContext.Provider>
        <ToastHost />
        <RootCommitted readiness={readiness} />
      </Messages>
    </StrictMode>
  );
}
