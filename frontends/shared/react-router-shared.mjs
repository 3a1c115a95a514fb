// What the frontends share as 'react-router' (rspack.shared.mjs): the parts the app uses. A shared
// module is never tree-shaken, and the whole of react-router 7 (data routers' server helpers,
// cookies, sessions, RSC) is 190 KB of JavaScript. '@pawline/react-router-impl' is an alias of
// react-router itself that the share key does not match, so it is not taken from the share scope.
// tools/bench/bundle/shared-facades.spec.ts fails when a frontend imports something missing here.
export {
  createBrowserRouter,
  isRouteErrorResponse,
  Link,
  matchPath,
  Navigate,
  NavLink,
  Outlet,
  Route,
  RouterProvider,
  Routes,
  useBlocker,
  useLocation,
  useMatch,
  useNavigate,
  useParams,
  useRouteError,
  useSearchParams,
} from '@pawline/react-router-impl';
