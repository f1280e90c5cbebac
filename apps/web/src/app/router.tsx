import { Suspense } from "react";
import { matchRoutes, useRoutes } from "react-router";
import { PageLoading } from "./lazy.tsx";
import { type LazyRouteHandle, routes } from "./routes.tsx";

/*
 * The app's routes in react-router's declarative mode (`<BrowserRouter>` in main.tsx, `<StaticRouter>`
 * in prerender.tsx): Ferry loads no data through the router, and the data router is about a tenth of
 * the first script (decision 021).
 */

/**
 * The page for the current location: core's route table (`@ferry/core/web-routes`), each page under its
 * guard. The loading state shows while a first page's code arrives; on a later navigation (a transition)
 * the previous page stays until the next one is ready.
 */
export function AppRoutes() {
  return <Suspense fallback={<PageLoading />}>{useRoutes(routes)}</Suspense>;
}

/**
 * Fetches the code of every lazily loaded route matching `location`, so the first render afterwards is
 * the page itself and not its loading state: what hydrating pre-rendered markup needs.
 */
export async function preloadRoutes(location: { pathname: string }): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(matches.map(({ route }) => (route.handle as LazyRouteHandle | undefined)?.preload()));
}
