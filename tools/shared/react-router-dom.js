/**
 * What the shop shares under the name `react-router-dom`: only the parts its packages use. A shared module cannot be
 * tree-shaken (any remote may ask for any export), so sharing the whole package put about 62 kB gzip of router on
 * every first load; this list, built from `react-router` (which `react-router-dom` 7 re-exports), is about 16 kB.
 * A package that needs another export adds it here; the build fails on a missing one (`exportsPresence: 'error'`).
 */
export {
  BrowserRouter,
  Link,
  matchPath,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useHref,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
} from 'react-router';
