/*
 * `virtual:ferry-messages/<language>-<part>`: a language's messages (packages/core/src/i18n/messages),
 * compiled at build time to Lingui's tokens, so the browser runs no message parser and downloads only
 * the active language (decision 044). Each language is two parts: `site`, every message the public
 * pages, the sign-in pages and core's shared texts can show (a message whose key stands as a string
 * literal in their sources), and `app`, the rest, fetched with the signed-in app's shell. A visitor of
 * `/de/` downloads the public site's German, not the whole app's.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { compileCatalog, type RawCatalog } from "@ferry/core/i18n/catalog";
import { isLanguage } from "@ferry/core/i18n/languages";
import type { Plugin } from "vite";

const PREFIX = "virtual:ferry-messages/";
const RESOLVED_PREFIX = `\0${PREFIX}`;
const root = path.join(import.meta.dirname, "..", "..", "..");
const messagesDir = path.join(root, "packages", "core", "src", "i18n", "messages");

/** Where the texts of pages a visitor sees live: their messages make up the `site` part. */
const SITE_SOURCES = [
  "apps/web/src/marketing",
  "apps/web/src/features/auth",
  "apps/web/src/features/alerts",
  "apps/web/src/features/tools",
  "apps/web/src/features/support",
  "apps/web/src/components",
  "apps/web/src/lib",
  "apps/web/src/app",
  "apps/web/src/i18n",
  "packages/core/src",
];

export type MessagePart = "site" | "app";

function sourceTextOf(directory: string): string {
  let text = "";
  for (const entry of readdirSync(directory)) {
    const file = path.join(directory, entry);
    if (statSync(file).isDirectory()) {
      text += sourceTextOf(file);
    } else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry)) {
      text += readFileSync(file, "utf8");
    }
  }
  return text;
}

/** Every double-quoted string literal of the site's sources, as its value. */
function siteLiterals(): Set<string> {
  const literals = new Set<string>();
  for (const directory of SITE_SOURCES) {
    for (const match of sourceTextOf(path.join(root, directory)).matchAll(/"(?:[^"\\\n]|\\.)*"/g)) {
      try {
        literals.add(JSON.parse(match[0]) as string);
      } catch {
        // Not a JSON-compatible literal (a \x escape): no message key is written that way.
      }
    }
  }
  return literals;
}

/** The messages of `part`: those whose key is (site) or is not (app) a string literal of the site's sources. */
export function messagesOfPart(catalog: RawCatalog, part: MessagePart, literals: Set<string>): RawCatalog {
  return Object.fromEntries(Object.entries(catalog).filter(([key]) => literals.has(key) === (part === "site")));
}

function readCatalog(language: string): RawCatalog {
  return JSON.parse(readFileSync(path.join(messagesDir, `${language}.json`), "utf8"));
}

export function compiledMessages(): Plugin {
  return {
    name: "ferry-compiled-messages",
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(RESOLVED_PREFIX)) {
        return undefined;
      }
      const [language, part] = id.slice(RESOLVED_PREFIX.length).split("-");
      if (!isLanguage(language) || (part !== "site" && part !== "app")) {
        throw new Error(`No messages at "${id.slice(1)}"`);
      }
      this.addWatchFile(path.join(messagesDir, `${language}.json`));
      const raw = messagesOfPart(readCatalog(language), part, siteLiterals());
      const compiled = compileCatalog(raw, language);
      // JSON.parse of a string literal parses faster than the same object as JavaScript.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
    },
  };
}
