import { type WebRoutePath, webRouteOf } from "./web-routes.ts";

/*
 * Early reads (issue 29, decision 052): a signed-in page's shell starts the API reads of its first
 * render itself, from an inline script in <head>, while its scripts download. The app's API client
 * (apps/web/src/lib/early-reads.ts) answers its first request for each address with that response
 * instead of sending it again, so the page renders as soon as its code has run instead of one round trip
 * (the session) and another (the page's data) later.
 */

/** The `<meta name>` of a shell that lists its early reads, space-separated (apps/web/build/prerender.ts). */
export const EARLY_READS_META_NAME = "ferry-early-reads";

/**
 * The script in every signed-in page's shell that starts its reads: each address in the meta tag, with
 * the cookie, as the API client would ask for it; a failed fetch is kept as null. Plain ES5 and constant
 * text: the server's Content-Security-Policy admits it by its sha256.
 */
export const EARLY_READS_SCRIPT = `(function(){var m=document.querySelector('meta[name="${EARLY_READS_META_NAME}"]');if(!m||!window.fetch)return;var r={};m.content.split(" ").forEach(function(p){r[p]=fetch(p,{credentials:"same-origin",headers:{accept:"application/json"}})["catch"](function(){return null})});window.__ferryEarlyReads=r})()`;

/** What the shell of every signed-in page reads first: the session, and the shell's settings and bell. */
const SHELL_READS = ["/api/v1/me", "/api/v1/settings", "/api/v1/notifications?limit=50"] as const;

/** What a page reads on its first render beyond the shell's, where it reads something at once. */
const PAGE_READS: Partial<Record<WebRoutePath, readonly string[]>> = {
  "/dashboard": ["/api/v1/balances"],
  "/balance": ["/api/v1/balances"],
};

/**
 * The early reads of a page's shell: the shell's and the page's own for a signed-in or admin page,
 * none for any other (a visitor has no session to read with).
 */
export function earlyReadsOf(pagePath: string): readonly string[] {
  const route = webRouteOf(pagePath);
  if (route?.access !== "signed-in" && route?.access !== "admin") {
    return [];
  }
  return [...SHELL_READS, ...(PAGE_READS[route.path as WebRoutePath] ?? [])];
}
