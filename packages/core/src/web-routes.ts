import { LANGUAGES, type Language, pathInLanguage, SOURCE_LANGUAGE, splitLanguagePath } from "./i18n/languages.ts";

/**
 * Every page path of the web app and who may see it (spec "Route table"). The web router is built from
 * this table and the server reads it to tell a page of the app from an unknown path (which answers 404),
 * so the two cannot drift. Titles and descriptions are content and stay in the web's content files.
 */

/**
 * Who may open a page:
 * - `public`: anyone;
 * - `signed-out-only`: a visitor; a signed-in user is sent on to /dashboard (login, sign-up);
 * - `signed-in`: a signed-in user; a visitor is sent to /login and comes back after signing in;
 * - `admin`: an administrator; anyone else signed in is sent to /dashboard.
 */
export type WebRouteAccess = "public" | "signed-out-only" | "signed-in" | "admin";

/** One page path of the web app. */
export interface WebRoute {
  /** The path; a `:name` segment stands for any one segment (`/admin/users/:userId`), as in the router. */
  path: string;
  access: WebRouteAccess;
  /** A short alias shows the same page as this canonical path (spec: "aliases of static pages"). */
  aliasOf?: string;
  /** A signed-in page whose feature arrives in a later issue: it shows its heading and says so. */
  isComingSoon?: boolean;
}

/** The table, in the spec's order. */
export const WEB_ROUTES = [
  { path: "/", access: "public" },
  { path: "/login", access: "signed-out-only" },
  { path: "/signup", access: "signed-out-only" },
  { path: "/forgot-password", access: "public" },
  // Public although the spec lists it as signed in: the link in the e-mail must work in any browser.
  { path: "/verify-email", access: "public" },

  { path: "/dashboard", access: "signed-in" },
  { path: "/balance", access: "signed-in" },
  { path: "/investment", access: "signed-in" },
  { path: "/connect", access: "signed-in" },
  { path: "/transactions", access: "signed-in" },
  // One transfer: its figures, destination, timeline and cancel (issue 30).
  { path: "/transactions/:transferId", access: "signed-in" },
  { path: "/withdrawal-addresses", access: "signed-in" },
  { path: "/notifications", access: "signed-in" },
  { path: "/help", access: "signed-in" },
  { path: "/profile", access: "signed-in" },
  { path: "/settings", access: "signed-in" },

  { path: "/admin/deposits", access: "admin" },
  { path: "/admin/users", access: "admin" },
  { path: "/admin/users/:userId", access: "admin" },
  { path: "/admin/investments", access: "admin" },
  { path: "/admin/transactions", access: "admin" },
  { path: "/admin/rates", access: "admin" },
  { path: "/admin/help", access: "admin" },
  { path: "/admin/audit", access: "admin" },

  // Static marketing pages.
  { path: "/business", access: "public" },
  { path: "/support", access: "public" },
  { path: "/support/dedicated", access: "public" },
  { path: "/features/fast", access: "public" },
  { path: "/security", access: "public" },
  { path: "/security/global", access: "public" },
  { path: "/features/fees", access: "public" },
  { path: "/rates", access: "public" },
  { path: "/alerts", access: "public" },
  { path: "/tools", access: "public" },
  { path: "/partners", access: "public" },
  { path: "/terms", access: "public" },
  { path: "/privacy", access: "public" },
  { path: "/reasons", access: "public" },
  { path: "/use-cases/property", access: "public" },
  { path: "/use-cases/invest", access: "public" },
  { path: "/use-cases/mortgage", access: "public" },
  { path: "/use-cases/inheritance", access: "public" },
  { path: "/use-cases/family", access: "public" },
  { path: "/fast", access: "public", aliasOf: "/features/fast" },
  { path: "/lowfee", access: "public", aliasOf: "/features/fees" },
  { path: "/dedicated-support", access: "public", aliasOf: "/support/dedicated" },
  { path: "/global-security", access: "public", aliasOf: "/security/global" },
] as const satisfies readonly WebRoute[];

/** A page path of the web app. */
export type WebRoutePath = (typeof WEB_ROUTES)[number]["path"];

const ROUTES_BY_PATH: ReadonlyMap<string, WebRoute> = new Map(
  (WEB_ROUTES as readonly WebRoute[]).map((route) => [route.path, route]),
);

/**
 * The path as the router matches it: React Router ignores case and a trailing slash, so
 * `/Dashboard/` opens /dashboard. `pathname` carries no query string or fragment.
 */
function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed.toLowerCase();
}

/** The routes with a `:name` segment, each with its path's segments (matched when no path is equal). */
const PARAM_ROUTES = (WEB_ROUTES as readonly WebRoute[])
  .filter((route) => route.path.includes("/:"))
  .map((route) => ({ route, segments: route.path.split("/") }));

/** Whether a normalised path's segments fit a route's: equal, or any non-empty one where it has `:name`. */
function segmentsMatch(pattern: readonly string[], segments: readonly string[]): boolean {
  return (
    pattern.length === segments.length &&
    pattern.every((part, index) => (part.startsWith(":") ? segments[index] !== "" : part === segments[index]))
  );
}

/** The public pages that keep their path in every language: the e-mail links' pages (a token, an address). */
const PAGES_WITHOUT_LANGUAGE_PATHS: ReadonlySet<string> = new Set(["/forgot-password", "/verify-email"]);

/**
 * Whether a route is a public marketing page, shown under each language's prefix (`/de/rates`, decision
 * 047); the signed-in app, the admin side and the sign-in pages keep their paths in every language.
 */
export function hasLanguagePaths(route: WebRoute): boolean {
  return route.access === "public" && !PAGES_WITHOUT_LANGUAGE_PATHS.has(route.path);
}

/** A route's path in each language it is shown in: a marketing page's in all five, any other's once. */
export function languagePathsOf(route: WebRoute): { language: Language; path: string }[] {
  if (!hasLanguagePaths(route)) {
    return [{ language: SOURCE_LANGUAGE, path: route.path }];
  }
  return LANGUAGES.map((language) => ({ language, path: pathInLanguage(route.path, language) }));
}

function routeOfPath(path: string): WebRoute | undefined {
  const segments = path.split("/");
  return (
    ROUTES_BY_PATH.get(path) ?? PARAM_ROUTES.find((candidate) => segmentsMatch(candidate.segments, segments))?.route
  );
}

/**
 * The route that shows `pathname` and the language its path names: `/de/rates` is /rates in German; a
 * path without a prefix is English. Undefined when no page does (the not-found page, 404).
 */
export function localizedRouteOf(pathname: string): { route: WebRoute; language: Language } | undefined {
  const path = normalizePath(pathname);
  const route = routeOfPath(path);
  if (route) {
    return { route, language: SOURCE_LANGUAGE };
  }
  const split = splitLanguagePath(path);
  const prefixed = split.language === SOURCE_LANGUAGE ? undefined : routeOfPath(normalizePath(split.path));
  return prefixed && hasLanguagePaths(prefixed) ? { route: prefixed, language: split.language } : undefined;
}

/** The route that shows `pathname` (in any language), or undefined when no page does (the not-found page, 404). */
export function webRouteOf(pathname: string): WebRoute | undefined {
  return localizedRouteOf(pathname)?.route;
}

/** Whether `pathname` opens a page of the web app, matched as the router does (see `webRouteOf`). */
export function isWebRoutePath(pathname: string): boolean {
  return webRouteOf(pathname) !== undefined;
}

/** The page of one transfer its sender follows and may cancel (issue 30): linked from history, toasts and notifications. */
export function transferPagePath(transferId: string): string {
  return `/transactions/${transferId}`;
}
