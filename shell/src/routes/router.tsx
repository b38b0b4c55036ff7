import { useContext } from 'react';
import { Navigate, useLocation, useParams, useRoutes } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { pageProps } from '@shop/contracts/route-matching';
import { pageRoutes, redirects, shellRoutes, type PageRoute } from '@shop/contracts/routes';
import { Layout } from '../layout/layout';
import { FallbackCartLines, FallbackPage } from '../remotes/fallbacks';
import { RemoteSlot } from '../remotes/remote-slot';
import { NotFoundPage } from './not-found-page';
import { useText } from '../messages/messages';
import { ServerNotFoundContext } from './server-not-found';

function PageLoading() {
  const { t } = useText();
  return <p aria-busy="true">{t('page.loading')}</p>;
}
const pageLoading = <PageLoading />;

/** The checkout's cart lines come from mf_cart, so the cart's rules live in one remote. */
const cartLines = (
  <RemoteSlot id="mf_cart/CartLines" props={{}} fallback={() => <FallbackCartLines />} loading={pageLoading} />
);

/**
 * One page of the route table: its props, plus what the shell fills in (route table, `PageRoute`): the URL parameter
 * with the shell's 404 page for an unknown one, and mf_cart's lines where the page shows them.
 */
function Page({ def }: { def: PageRoute }) {
  const filled = pageProps(def, useParams(), { notFound: <NotFoundPage />, cartLines });
  const { pathname } = useLocation();
  if (useContext(ServerNotFoundContext) === pathname) return <NotFoundPage />;
  return (
    <RemoteSlot
      // Another module is another slot: a page that failed does not hold its fallback over the next page.
      key={def.module}
      id={def.module}
      props={filled as never}
      fallback={(args) => <FallbackPage {...args} />}
      loading={pageLoading}
    />
  );
}

const children: RouteObject[] = [
  ...(pageRoutes as readonly PageRoute[]).map((def) => ({ path: def.path, element: <Page def={def} /> })),
  ...shellRoutes.map((def) => ({ path: def.path, element: <NotFoundPage /> })),
  ...Object.entries(redirects).map(([from, to]) => ({ path: from, element: <Navigate to={to} replace /> })),
  { path: '*', element: <NotFoundPage /> },
];

const routes: RouteObject[] = [{ element: <Layout />, children }];

/**
 * The shop's routes, rendered inside the shell's <BrowserRouter>. Declarative routing is all the shop uses (pages
 * load their own data), and it keeps the data router's code out of the shared router the browser downloads.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
