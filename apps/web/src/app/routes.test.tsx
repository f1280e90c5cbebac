import { languagePathsOf, WEB_ROUTES, type WebRoute, type WebRouteAccess } from "@ferry/core/web-routes";
import type { RouteObject } from "react-router";
import { describe, expect, test } from "vitest";
import { STATIC_PAGE_COMPONENTS } from "../marketing/static-page-components.tsx";
import { STATIC_PAGES } from "../marketing/static-pages.ts";
import {
  APP_PAGE_TITLES,
  PAGE_LOADERS,
  routes,
  STATIC_PAGE_BODIES_OF_THEIR_OWN,
  STATIC_PAGE_PATHS,
} from "./routes.tsx";

/** Every path of the router with the guards above it, by the guard components' names (a lazy layout's route id). */
function pathsWithGuards(list: RouteObject[], guards: string[] = []): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const route of list) {
    const element = route.element as { type?: { name?: string } } | undefined;
    const guard = route.id ?? element?.type?.name;
    if (route.path !== undefined) {
      found.set(route.path, guards);
    }
    if (route.children) {
      const inner = route.path === undefined && guard ? [...guards, guard] : guards;
      for (const [path, innerGuards] of pathsWithGuards(route.children, inner)) {
        found.set(path, innerGuards);
      }
    }
  }
  return found;
}

const GUARDS_OF_ACCESS: Record<WebRouteAccess, string[]> = {
  public: [],
  "signed-out-only": ["RedirectIfSignedIn"],
  "signed-in": ["RequireSignedIn", "AppShell"],
  admin: ["RequireSignedIn", "AppShell", "RequireAdmin"],
};

describe("the router and core's route table", () => {
  const routerPaths = pathsWithGuards(routes);

  test("every router path is in the table (a marketing page once per language), and only the not-found page besides", () => {
    const tablePaths = new Set<string>(
      (WEB_ROUTES as readonly WebRoute[]).flatMap((route) => languagePathsOf(route).map(({ path }) => path)),
    );
    const extra = [...routerPaths.keys()].filter((path) => path !== "*" && !tablePaths.has(path));
    expect(extra).toEqual([]);
  });

  test("every table path has a router entry under the guards of its access", () => {
    for (const route of WEB_ROUTES) {
      expect(routerPaths.get(route.path), route.path).toEqual(GUARDS_OF_ACCESS[route.access]);
    }
  });

  test("a marketing page has a route under each language's prefix; the app's pages and sign-in pages do not", () => {
    expect(routerPaths.get("/de/")).toEqual([]);
    expect(routerPaths.get("/zh/rates")).toEqual([]);
    expect(routerPaths.get("/fr/use-cases/family")).toEqual([]);
    expect(routerPaths.has("/de/login")).toBe(false);
    expect(routerPaths.has("/de/dashboard")).toBe(false);
    expect(routerPaths.has("/de/verify-email")).toBe(false);
  });

  test("every page the app has is reachable from a route of the table", () => {
    const shown = new Set<string>(WEB_ROUTES.map((route) => ("aliasOf" in route ? route.aliasOf : route.path)));
    expect([...PAGE_LOADERS.keys()].filter((path) => !shown.has(path))).toEqual([]);
  });

  test("the router's static pages are the registry's: each public page of the table without a page of its own", () => {
    expect([...STATIC_PAGE_PATHS].sort()).toEqual(STATIC_PAGES.map((page) => page.path).sort());
  });

  test("every static page of the registry has a body: text in static-page-components.tsx, or a chunk of its own", () => {
    const withoutBody = STATIC_PAGES.map((page) => page.path).filter(
      (path) => !(path in STATIC_PAGE_COMPONENTS) && !(path in STATIC_PAGE_BODIES_OF_THEIR_OWN),
    );
    expect(withoutBody).toEqual([]);
    const both = Object.keys(STATIC_PAGE_BODIES_OF_THEIR_OWN).filter((path) => path in STATIC_PAGE_COMPONENTS);
    expect(both).toEqual([]);
  });

  test("every page outside the marketing site has its own tab title", () => {
    const marketing = new Set<string>([...STATIC_PAGES.map((page) => page.path), "/", "/rates"]);
    const comingSoon = new Set<string>(
      (WEB_ROUTES as readonly WebRoute[]).filter((route) => route.isComingSoon).map((route) => route.path),
    );
    const untitled = (WEB_ROUTES as readonly WebRoute[])
      .filter((route) => !route.aliasOf && !marketing.has(route.path) && !comingSoon.has(route.path))
      .map((route) => route.path)
      .filter((path) => !(path in APP_PAGE_TITLES));
    expect(untitled).toEqual([]);
    const titles = Object.values(APP_PAGE_TITLES);
    expect(new Set(titles).size).toBe(titles.length);
  });
});
