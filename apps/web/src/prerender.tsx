// The server-side entry of the build (vite.config.ts builds it for Node as the `ssr` environment):
// build/prerender.ts calls `renderPage` for each public marketing page and writes the HTML. Never shipped
// to browsers.
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { Providers } from "./app/providers.tsx";
import { routes } from "./app/routes.tsx";

export { PRERENDERED_PATHS, SHELL_PATHS } from "@ferry/core/public-pages";

/** Filled by the build's `trackPageImports` plugin (build/prerender.ts): the modules routes.tsx imported. */
declare global {
  var __ferryPrerenderImports: Set<string> | undefined;
}

/**
 * The markup of the page at `path`, rendered as the browser's first render will be (main.tsx hydrates
 * it): the same providers and routes, the matched page's code loaded. Nobody is signed in at build time,
 * so queries are pending and pages that need the API render their loading state. Also the source
 * modules the page's routes loaded, for the build to name their chunks as preloads.
 */
export async function renderPage(path: string): Promise<{ html: string; modules: string[] }> {
  const modules = new Set<string>();
  globalThis.__ferryPrerenderImports = modules;
  try {
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request(new URL(path, "http://prerender.invalid")));
    if (context instanceof Response) {
      throw new Error(`Pre-rendering ${path} answered a redirect (${context.status}), not a page`);
    }
    if (context.statusCode !== 200) {
      throw new Error(`Pre-rendering ${path} answered ${context.statusCode}`);
    }
    const router = createStaticRouter(handler.dataRoutes, context);
    const html = renderToString(
      <StrictMode>
        <Providers isPrerendered>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </Providers>
      </StrictMode>,
    );
    return { html, modules: [...modules] };
  } finally {
    globalThis.__ferryPrerenderImports = undefined;
  }
}

/**
 * The source modules the routes of `path` load lazily (the page, the signed-in shell…), found by
 * matching it as the router does, without rendering: for a page the browser renders itself.
 */
export async function routeModules(path: string): Promise<string[]> {
  const modules = new Set<string>();
  globalThis.__ferryPrerenderImports = modules;
  try {
    await createStaticHandler(routes).query(new Request(new URL(path, "http://prerender.invalid")));
    return [...modules];
  } finally {
    globalThis.__ferryPrerenderImports = undefined;
  }
}
