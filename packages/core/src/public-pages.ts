import { LANGUAGES, type Language, pathInLanguage } from "./i18n/languages.ts";
import { hasLanguagePaths, localizedRouteOf, WEB_ROUTES, type WebRoute, webRouteOf } from "./web-routes.ts";

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

/** One pre-rendered page in one language: a file of its own (decision 047). */
export interface PrerenderedPage {
  /** The page's path in the route table (English): `/rates`, `/login`. */
  readonly path: string;
  readonly language: Language;
  /** The address it is rendered at: `/de/rates` for a marketing page, `/login` for a sign-in page. */
  readonly location: string;
  /** What names the file, as `prerenderedFileOf` takes it: `/de/rates`, `/de/login`. */
  readonly key: string;
}

/**
 * Every pre-rendered page in every language. A marketing page is one file per language prefix; the
 * sign-in and sign-up pages keep their paths, and the server picks their file by the visitor's language.
 */
export const PRERENDERED_PAGES: readonly PrerenderedPage[] = LANGUAGES.flatMap((language) =>
  PRERENDERED_PATHS.map((path) => prerenderedPageOf(path, language)),
);

/** A page of PRERENDERED_PATHS in `language`. */
export function prerenderedPageOf(path: string, language: Language): PrerenderedPage {
  const route = webRouteOf(path);
  const isPrefixed = route !== undefined && hasLanguagePaths(route);
  return {
    path,
    language,
    location: isPrefixed ? pathInLanguage(path, language) : path,
    key: pathInLanguage(path, language),
  };
}

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
  return path.endsWith("/") ? `${path.slice(1)}index.html` : `${path.slice(1)}.html`;
}

/**
 * The placeholder the build writes where the site's absolute origin belongs (the canonical link); the
 * server puts its PUBLIC_URL there when it serves the page, so one build serves any address.
 */
export const PUBLIC_ORIGIN_PLACEHOLDER = "https://ferry-public-url.invalid";

/**
 * The canonical page an alias path (`/fast`, `/de/fast`) stands for, in the alias's language (`/de/features/fast`),
 * matched as the router matches, or undefined.
 */
export function canonicalPathOfAlias(pathname: string): string | undefined {
  const localized = localizedRouteOf(pathname);
  const aliasOf = localized?.route.aliasOf;
  return aliasOf && localized ? pathInLanguage(aliasOf, localized.language) : undefined;
}

/**
 * The `<meta name>` of a pre-rendered page that lists its scripts, the first script first and then the
 * chunks the page hydrates with (apps/web/build/prerender.ts writes it), instead of `<script>` and
 * `<link rel="modulepreload">` tags.
 */
export const SCRIPTS_META_NAME = "ferry-scripts";

/**
 * The script at the end of every pre-rendered page's body: it fetches the page's scripts once the page's
 * first contentful paint has happened. The page is readable without them (they make it interactive), and
 * Chromium held the text of its first paint back while it ran the first script (Lighthouse's LCP then
 * counted that script's download). A browser without paint timing waits for the next frame; a page
 * opened in a background tab, which paints nothing, fetches them at once; none waits more than 3 s.
 * Plain ES5 and constant text: the server's Content-Security-Policy admits it by its sha256.
 */
export const SCRIPTS_AFTER_FIRST_PAINT = `(function(){var d=0;function l(){if(d)return;d=1;var u=document.querySelector('meta[name="${SCRIPTS_META_NAME}"]').content.split(" ");for(var i=1;i<u.length;i++){var p=document.createElement("link");p.rel="modulepreload";p.href=u[i];document.head.appendChild(p)}import(u[0])}function s(){setTimeout(l)}var t=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes;if(document.visibilityState==="hidden")l();else if(t&&t.indexOf("paint")>=0){new PerformanceObserver(function(e){if(e.getEntriesByName("first-contentful-paint").length)s()}).observe({type:"paint",buffered:true});setTimeout(l,3000)}else requestAnimationFrame(s)})()`;
