import { createBrowserRouter } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { Layout } from '../layout/layout';
import { FallbackPage } from '../remotes/fallbacks';
import { RemoteSlot } from '../remotes/remote-slot';
import { NotFoundPage } from './not-found-page';
import { routeTable } from './route-table';
import type { RouteDef } from './route-table';

function pageElement(def: RouteDef) {
  return (
    <RemoteSlot
      id={def.module}
      props={def.props as never}
      fallback={(args) => <FallbackPage {...args} />}
      loading={<p aria-busy="true">Chargement…</p>}
    />
  );
}

const children: RouteObject[] = [
  ...routeTable.map((def) => ({ path: def.path, element: pageElement(def) })),
  { path: '*', element: <NotFoundPage /> },
];

export const router = createBrowserRouter([{ element: <Layout />, children }]);
