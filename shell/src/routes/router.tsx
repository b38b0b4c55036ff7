import { Navigate, useParams, useRoutes } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import type { ExposedModuleId } from '@shop/contracts/exposes';
import { Layout } from '../layout/layout';
import { FallbackCartLines, FallbackPage } from '../remotes/fallbacks';
import { RemoteSlot } from '../remotes/remote-slot';
import { NotFoundPage } from './not-found-page';
import { redirects, routeTable, shellRoutes } from './route-table';
import type { RouteDef } from './route-table';

const pageLoading = <p aria-busy="true">Chargement…</p>;

function Page({ id, props }: { id: ExposedModuleId; props: object }) {
  return (
    <RemoteSlot
      id={id}
      props={props as never}
      fallback={(args) => <FallbackPage {...args} />}
      loading={pageLoading}
    />
  );
}

/** The product page takes its slug from the URL and shows the shell's 404 page for an unknown one. */
function ProductRoute({ def }: { def: RouteDef }) {
  const { slug = '' } = useParams();
  return <Page id={def.module} props={{ ...def.props, slug, notFound: <NotFoundPage /> }} />;
}

/** The order confirmation takes its number from the URL; someone else's or an unknown order shows the 404 page. */
function OrderConfirmationRoute({ def }: { def: RouteDef }) {
  const { number = '' } = useParams();
  return <Page id={def.module} props={{ ...def.props, number, notFound: <NotFoundPage /> }} />;
}

/** The checkout's cart lines come from mf_cart, so the cart's rules live in one remote. */
const cartLines = (
  <RemoteSlot id="mf_cart/CartLines" props={{}} fallback={() => <FallbackCartLines />} loading={pageLoading} />
);

function pageElement(def: RouteDef) {
  switch (def.module) {
    case 'mf_catalog_pages/ProductPage':
      return <ProductRoute def={def} />;
    case 'mf_catalog_pages/OrderConfirmationPage':
      return <OrderConfirmationRoute def={def} />;
    case 'mf_catalog_pages/CheckoutPage':
      return <Page id={def.module} props={{ ...def.props, cartLines }} />;
    default:
      return <Page id={def.module} props={def.props} />;
  }
}

const children: RouteObject[] = [
  ...routeTable.map((def) => ({ path: def.path, element: pageElement(def) })),
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
