import { THEME_SCRIPT } from "@ferry/core/theme";
import type { Plugin } from "vite";

/** Where index.html wants the theme script: first in <head>, so it runs before anything is drawn. */
const MARKER = "<!-- theme-script -->";

/**
 * Puts the theme script (decision 046) inline in index.html in place of its marker, in development and
 * in the build; pre-rendered pages and shells are written from the built index.html, so they carry it
 * too. The text is core's THEME_SCRIPT unchanged: the server admits it by the hash of that constant.
 */
export function inlineThemeScript(): Plugin {
  return {
    name: "ferry-inline-theme-script",
    transformIndexHtml: {
      order: "pre",
      handler(html) {
        if (!html.includes(MARKER)) {
          throw new Error(`index.html has no ${MARKER}: the theme would be applied only after the first paint`);
        }
        return html.replace(MARKER, () => `<script>${THEME_SCRIPT}</script>`);
      },
    },
  };
}
