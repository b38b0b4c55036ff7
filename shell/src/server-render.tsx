/**
 * The entry of the shell's Node build (environment `server` in rsbuild.config.ts): the shop's tree for one URL, which
 * the server's renderer processes render with React's streaming renderer (server/renderer-sandbox/). Everything but the shell's
 * own code stays outside the bundle, so the worker and the remotes share one React, router and SWR.
 */
import { StaticRouter } from 'react-router-dom';
import { ShopApp } from './app/shop-app';
import { readWhileRendering } from './data/page-data';
import type { PageReads } from './data/server-reads';
import type { RemoteLoader } from './remotes/remote-loader';
import type { PartClock } from './remotes/part-clock';
import { AppRoutes } from './routes/router';
import { localeOfPath } from '@shop/contracts/locales';
import { routerBasename } from './app/page-locale';

export { pageReads, type ApiAnswer, type PageReads } from './data/server-reads';
export { PAGE_SNAPSHOT_ID, type PageSnapshot } from './data/page-data';
export { modulesForPath } from './routes/modules-for-path';
export { firstScreenModules } from './remotes/hydration-gate';
export type { PartClock } from './remotes/part-clock';

export interface ShopPageOptions {
  /** The page's URL as the shopper asked for it, its language's prefix included (`/ar/shop/face`). */
  url: string;
  loader: RemoteLoader;
  reads: PageReads;
  notFoundPath: string | null;
  /** The clock of the page's parts, when the render is traced. */
  partClock?: PartClock | null;
}

export function shopPage({ url, loader, reads, notFoundPath, partClock = null }: ShopPageOptions) {
  const { pathname } = new URL(url, 'http://shop.invalid');
  return (
    <ShopApp locale={localeOfPath(pathname).locale} loader={loader} data={readWhileRendering(reads)} notFoundPath={notFoundPath} overrides={{}} partClock={partClock}>
      <StaticRouter location={url} basename={routerBasename(pathname)}>
        <AppRoutes />
      </StaticRouter>
    </ShopApp>
  );
}
