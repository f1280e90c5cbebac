// The server-side entry of the build (vite.config.ts builds it for Node as the `ssr` environment):
// build/prerender.ts calls `renderPage` for each public marketing page and writes the HTML. Never shipped
// to browsers.
import type { Language } from "@ferry/core/i18n/languages";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { matchRoutes, StaticRouter } from "react-router";
import { Providers } from "./app/providers.tsx";
import { AppRoutes, runRouteLoaders } from "./app/router.tsx";
import { routes } from "./app/routes.tsx";
import { activate, loadLanguage } from "./i18n/i18n.tsx";

export { PRERENDERED_PAGES, SHELL_PATHS } from "@ferry/core/public-pages";

/** Filled by the build's `trackPageImports` plugin (build/prerender.ts): the modules routes.tsx imported. */
declare global {
  var __ferryPrerenderImports: Set<string> | undefined;
}

/**
 * The markup of the page at `path` in `language` (its prefix's, or for the sign-in pages the one the
 * server will pick the file for), rendered as the browser's first render will be (main.tsx hydrates
 * it, in the language `<html lang>` names): the same providers and routes, the matched page's code loaded. Nobody is signed in at build time,
 * so queries are pending and pages that need the API render their loading state. Also the source
 * modules the page's routes loaded, for the build to name their chunks as preloads.
 */
export async function renderPage(path: string, language: Language): Promise<{ html: string; modules: string[] }> {
  const modules = new Set<string>();
  globalThis.__ferryPrerenderImports = modules;
  try {
    const matches = matchRoutes(routes, path) ?? [];
    if (matches.length === 0 || matches.at(-1)?.route.path === "*") {
      throw new Error(`Pre-rendering ${path}: no page of the route table has this path`);
    }
    await runRouteLoaders({ pathname: path });
    await loadLanguage(language);
    activate(language, "UTC");
    const html = renderToString(
      <StrictMode>
        <Providers isPrerendered>
          <StaticRouter location={path}>
            <AppRoutes />
          </StaticRouter>
        </Providers>
      </StrictMode>,
    );
    // A part that suspended was written as its fallback (`<!--$!-->`, the loading spinner), not as the page.
    if (html.includes("<!--$!-->")) {
      throw new Error(`Pre-rendering ${path}: part of the page suspended and was written as its loading state`);
    }
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
    await runRouteLoaders({ pathname: path });
    await loadLanguage("en");
    activate("en", "UTC");
    return [...modules];
  } finally {
    globalThis.__ferryPrerenderImports = undefined;
  }
}
