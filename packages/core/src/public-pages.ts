import { WEB_ROUTES, type WebRoute, webRouteOf } from "./web-routes.ts";

/*
 * The public marketing pages as the web build pre-renders them and the server lists them (sitemap.xml,
 * robots.txt), and the other pages' shells: lists from core's route table, so build and server cannot
 * drift (decision 021).
 */

/** Public pages whose content depends on a query string (a token, an e-mail): rendered in the browser only. */
const QUERY_DEPENDENT_PATHS: ReadonlySet<string> = new Set(["/verify-email", "/forgot-password"]);

/** Every canonical public page, listed in the sitemap and pre-rendered to HTML at build time. */
export const SITEMAP_PATHS: readonly string[] = (WEB_ROUTES as readonly WebRoute[])
  .filter((route) => route.access === "public" && !route.aliasOf && !QUERY_DEPENDENT_PATHS.has(route.path))
  .map((route) => route.path);

/**
 * Every page pre-rendered to HTML at build time: the public pages, and the sign-in and sign-up forms
 * (a visitor's render of them needs nothing from the API; crawlers are not pointed at them).
 */
export const PRERENDERED_PATHS: readonly string[] = [
  ...SITEMAP_PATHS,
  ...(WEB_ROUTES as readonly WebRoute[])
    .filter((route) => route.access === "signed-out-only" && !route.aliasOf)
    .map((route) => route.path),
];

/** The directory of the web build (apps/web/dist) that holds the pre-rendered pages. */
export const PRERENDERED_DIR = "prerendered";

/**
 * Every other page of the table (aliases aside): the browser renders it, from a "shell" — the app's
 * index.html naming the page's own chunks in `<link rel="modulepreload">`, so they download with the
 * first script instead of after it.
 */
export const SHELL_PATHS: readonly string[] = (WEB_ROUTES as readonly WebRoute[])
  .filter((route) => !route.aliasOf && !PRERENDERED_PATHS.includes(route.path))
  .map((route) => route.path);

/** The directory of the web build that holds the shells, files named as `prerenderedFileOf` names them. */
export const SHELLS_DIR = "shells";

/**
 * The file of a pre-rendered page or shell, relative to its directory: `/` is `index.html`,
 * `/use-cases/family` is `use-cases/family.html`.
 */
export function prerenderedFileOf(path: string): string {
  return path === "/" ? "index.html" : `${path.slice(1)}.html`;
}

/**
 * The placeholder the build writes where the site's absolute origin belongs (the canonical link); the
 * server puts its PUBLIC_URL there when it serves the page, so one build serves any address.
 */
export const PUBLIC_ORIGIN_PLACEHOLDER = "https://ferry-public-url.invalid";

/** The canonical page an alias path (`/fast`) stands for, matched as the router matches, or undefined. */
export function canonicalPathOfAlias(pathname: string): string | undefined {
  return webRouteOf(pathname)?.aliasOf;
}
