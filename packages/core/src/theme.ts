/*
 * Light, dark or the system's (issue 29, decision 046). The choice travels in a cookie so the page's
 * first paint already has it: the inline script below runs in <head> before anything is drawn, on the
 * app's index.html and on every pre-rendered page alike.
 */

/** The spec's themes (SPEC §9). Here, not in contracts/settings.ts, so the first script needs no zod. */
export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];

/** The theme cookie: `light`, `dark` or `system`; without one, the system's choice applies. */
export const THEME_COOKIE = "ferry_theme";

/** Whether a value is one of the spec's themes. */
export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}

/**
 * The script inlined in every page's <head> (apps/web/vite.config.ts puts it there; the server's
 * Content-Security-Policy admits it by the sha256 of this exact text). It sets `class="dark"` on <html>
 * when the cookie says dark, or says system (or nothing) and the system prefers dark, and does so again
 * whenever the system's preference changes. Plain ES5 and no dependencies: it runs before any module.
 */
export const THEME_SCRIPT = `(function(){var q=matchMedia("(prefers-color-scheme: dark)");function a(){var c=/(?:^|;\\s*)${THEME_COOKIE}=(light|dark)(?:;|$)/.exec(document.cookie);document.documentElement.classList.toggle("dark",c?c[1]==="dark":q.matches)}a();q.addEventListener("change",a)})()`;
