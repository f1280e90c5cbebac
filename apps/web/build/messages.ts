/*
 * `virtual:ferry-messages/<language>-<part>`: a language's messages (packages/core/src/i18n/messages),
 * compiled at build time to Lingui's tokens, so the browser runs no message parser and downloads only
 * the active language (decision 044). Each language is three parts: `site`, every message the public
 * layout, the landing page, the sign-in pages and core's shared texts can show (a message whose key
 * stands as a string literal in their sources); `pages`, the other marketing pages' own texts, fetched
 * with a marketing page's code (decision 047); and `app`, the rest, fetched with the signed-in app's
 * shell. A visitor of `/de/` downloads the German of the layout and the landing page, not of every page.
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

/**
 * The marketing pages' own texts (decision 047): their messages make up the `pages` part, fetched with a
 * marketing page's code. The layout's and the landing page's (content/site.ts, content/landing.ts) and
 * the rates page's stay in `site`.
 */
const PAGE_SOURCES = [
  "apps/web/src/marketing/content",
  "apps/web/src/features/tools",
  "apps/web/src/features/alerts",
  "apps/web/src/features/support",
];
const SITE_CONTENT_FILES = ["site.ts", "landing.ts", "rates.ts"].map((file) =>
  path.join(root, "apps/web/src/marketing/content", file),
);

export type MessagePart = "site" | "pages" | "app";

function isPageSource(file: string): boolean {
  return (
    !SITE_CONTENT_FILES.includes(file) && PAGE_SOURCES.some((directory) => file.startsWith(path.join(root, directory)))
  );
}

function sourceTextOf(directory: string, isWanted: (file: string) => boolean): string {
  let text = "";
  for (const entry of readdirSync(directory)) {
    const file = path.join(directory, entry);
    if (statSync(file).isDirectory()) {
      text += sourceTextOf(file, isWanted);
    } else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) && isWanted(file)) {
      text += readFileSync(file, "utf8");
    }
  }
  return text;
}

/** Every double-quoted string literal of the given sources' wanted files, as its value. */
function literalsOf(directories: readonly string[], isWanted: (file: string) => boolean): Set<string> {
  const literals = new Set<string>();
  for (const directory of directories) {
    for (const match of sourceTextOf(path.join(root, directory), isWanted).matchAll(/"(?:[^"\\\n]|\\.)*"/g)) {
      try {
        literals.add(JSON.parse(match[0]) as string);
      } catch {
        // Not a JSON-compatible literal (a \x escape): no message key is written that way.
      }
    }
  }
  return literals;
}

/**
 * The string literals of the site's sources (the marketing pages' own files aside), of those pages, and
 * of every other web source.
 */
export interface SourceLiterals {
  readonly site: Set<string>;
  readonly pages: Set<string>;
  readonly others: Set<string>;
}

function sourceLiterals(): SourceLiterals {
  return {
    site: literalsOf(SITE_SOURCES, (file) => !isPageSource(file)),
    pages: literalsOf(PAGE_SOURCES, isPageSource),
    others: literalsOf(["apps/web/src"], (file) => !isPageSource(file)),
  };
}

/** A text the marketing pages share with the signed-in app goes with the site, which both load. */
function partOf(key: string, literals: SourceLiterals): MessagePart {
  if (literals.site.has(key) || (literals.pages.has(key) && literals.others.has(key))) {
    return "site";
  }
  return literals.pages.has(key) ? "pages" : "app";
}

/** The messages of `part`: the site's (a literal of its sources), the marketing pages' own, or the app's (the rest). */
export function messagesOfPart(catalog: RawCatalog, part: MessagePart, literals: SourceLiterals): RawCatalog {
  return Object.fromEntries(Object.entries(catalog).filter(([key]) => partOf(key, literals) === part));
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
      if (!isLanguage(language) || (part !== "site" && part !== "pages" && part !== "app")) {
        throw new Error(`No messages at "${id.slice(1)}"`);
      }
      this.addWatchFile(path.join(messagesDir, `${language}.json`));
      const raw = messagesOfPart(readCatalog(language), part, sourceLiterals());
      const compiled = compileCatalog(raw, language);
      // JSON.parse of a string literal parses faster than the same object as JavaScript.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
    },
  };
}
