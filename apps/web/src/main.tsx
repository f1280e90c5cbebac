// First: settings read by modules loaded later (see the file).
import "./lib/zod-jitless.ts";
import { webRouteOf } from "@ferry/core/web-routes";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { Providers } from "./app/providers.tsx";
import { AppRoutes, loadRoutes } from "./app/router.tsx";
import { prepareI18n } from "./i18n/i18n.tsx";
import "./index.css";

const root = document.getElementById("root");
if (!root) {
  throw new Error("The page has no #root element");
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * An error React recovered from (a hydration mismatch, or one thrown during a render in a transition
 * that a synchronous render then got past: error #520). Logged with what caused it, which React's
 * own report leaves out of a production build's message.
 */
function logRecoverableError(error: unknown, info: { componentStack?: string }): void {
  const cause = error instanceof Error ? error.cause : undefined;
  console.error(
    `React recovered from an error: ${describeError(error)}` +
      (cause === undefined ? "" : `; caused by ${describeError(cause)}`) +
      (info.componentStack ? `; in ${info.componentStack.trim().split("\n")[0]}` : ""),
  );
}

/*
 * A marketing page pre-rendered at build time (build/prerender.ts) arrives with its markup in #root:
 * React hydrates it, after fetching the code of the matched page so the first client render is the
 * markup the server sent. Any other page arrives with #root empty and renders fresh, showing the
 * loading fallback while its code arrives.
 */
if (root.hasChildNodes()) {
  // No top-level await here: this module shares its chunk with code the page's chunk imports, so
  // awaiting that chunk while this module is still evaluating would wait on itself forever.
  const hydrate = () => {
    // In a transition, hydration works in slices and yields to the browser between them: the page is
    // already on screen, so there is nothing to hurry for, and one long task would hold up input (TBT).
    // React still hydrates at once the part a person clicks or types into.
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <Providers isPrerendered>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </Providers>
        </StrictMode>,
        { onRecoverableError: logRecoverableError },
      );
    });
  };
  // Hydrate even when the page's code failed to arrive: the render then shows RouteErrorBoundary's way
  // to load the page again, where a page left unhydrated would keep its forms disabled for good.
  // The page's language too: the markup was written in it (its `<html lang>`).
  void Promise.all([loadRoutes(window.location), prepareI18n(true)]).then(hydrate, hydrate);
} else {
  const access = webRouteOf(window.location.pathname)?.access;
  const isAppPage = access === "signed-in" || access === "admin";
  if (isAppPage) {
    // The query client comes with the page's code; the session is read as soon as it arrives.
    void import("./lib/query-client.ts").then(({ prefetchSession }) => prefetchSession());
  }
  // In a transition, as hydration is: React renders the page in slices and yields to the browser between
  // them, where one long task would hold up input (TBT counted the whole first render of /dashboard).
  const render = () =>
    startTransition(() => {
      createRoot(root, { onRecoverableError: logRecoverableError }).render(
        <StrictMode>
          <Providers>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </Providers>
        </StrictMode>,
      );
    });
  // English is in this script; another language's messages arrive first (one small request). A signed-in
  // page's code (preloaded by its shell) is evaluated meanwhile, so the first render is the page itself.
  void Promise.all([prepareI18n(false, isAppPage), isAppPage ? loadRoutes(window.location) : undefined]).then(
    render,
    render,
  );
}
