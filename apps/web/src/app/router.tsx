import { createBrowserRouter, matchRoutes, type RouteObject } from "react-router";
import { routes } from "./routes.tsx";

/** The app's router: core's route table (`@ferry/core/web-routes`), each page under its guard. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}

/**
 * Fetches the code of every lazy route matching `location` and puts it into the route objects, so a
 * router created afterwards starts initialized and its first render is the page itself: what hydrating
 * pre-rendered markup needs (react-router's documented way to hydrate lazy routes).
 */
export async function loadMatchedRoutes(location: { pathname: string }): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") {
        return;
      }
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined } satisfies Partial<RouteObject>);
    }),
  );
}
