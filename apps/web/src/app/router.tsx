import { Suspense } from "react";
import { matchRoutes, useLocation, useRoutes } from "react-router";
import { PageLoading } from "./lazy.tsx";
import { RouteErrorBoundary } from "./route-error-boundary.tsx";
import { type LazyRouteHandle, routes } from "./routes.tsx";

/*
 * The app's routes in react-router's declarative mode (`<BrowserRouter>` in main.tsx, `<StaticRouter>`
 * in prerender.tsx): Ferry loads no data through the router, and the data router is about a tenth of
 * the first script (decision 021).
 */

/**
 * The page for the current location: core's route table (`@ferry/core/web-routes`), each page under its
 * guard. The loading state shows while a first page's code arrives; on a later navigation (a transition)
 * the previous page stays until the next one is ready. A page that fails to render or load shows
 * RouteErrorBoundary's message until the address changes.
 */
export function AppRoutes() {
  const location = useLocation();
  // Every lazily loaded route of the address starts loading now, together: rendering alone would fetch
  // the signed-in shell first and its page only once the shell had arrived.
  void loadRoutes(location).catch(() => undefined);
  return (
    <RouteErrorBoundary key={location.pathname}>
      <Suspense fallback={<PageLoading />}>{useRoutes(routes)}</Suspense>
    </RouteErrorBoundary>
  );
}

function lazyHandlesOf(location: { pathname: string }): LazyRouteHandle[] {
  return (matchRoutes(routes, location) ?? []).flatMap(({ route }) =>
    route.handle ? [route.handle as LazyRouteHandle] : [],
  );
}

/**
 * Fetches the code of every lazily loaded route matching `location` (once: a route already loading or
 * loaded is not fetched again), so the first render afterwards is the page itself and not its loading
 * state: what hydrating pre-rendered markup needs.
 */
export async function loadRoutes(location: { pathname: string }): Promise<void> {
  await Promise.all(lazyHandlesOf(location).map((handle) => handle.load()));
}

/**
 * Runs the loaders of every lazily loaded route matching `location`, each time it is called: the build's
 * pre-render counts the modules a page imports call by call (build/prerender.ts), for its preload links.
 */
export async function runRouteLoaders(location: { pathname: string }): Promise<void> {
  await Promise.all(lazyHandlesOf(location).map((handle) => handle.preload()));
}
