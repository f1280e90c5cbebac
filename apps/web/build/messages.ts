/*
 * `virtual:ferry-messages/<language>-<part>`: a language's messages (packages/core/src/i18n/messages),
 * compiled at build time to Lingui's tokens, so the browser runs no message parser and downloads only
 * the active language (decision 044). Each language is four parts: `site`, the messages of the first
 * script (the public layout and the landing page: a message whose key stands as a string literal in a
 * module main.tsx imports, directly or not); `public`, every other message the public pages, the sign-in
 * pages and core's shared texts can show, fetched with any page's code but the landing page's; `pages`,
 * the other marketing pages' own texts, fetched with a marketing page's code (decision 047); and `app`,
 * the rest, fetched with the signed-in app's shell. A visitor of `/de/` downloads the German of the
 * layout and the landing page, not of every page.
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

/** The first script's entry: the modules it imports without `import()` make up the `site` part. */
const FIRST_SCRIPT_ENTRY = "apps/web/src/main.tsx";

export type MessagePart = "site" | "public" | "pages" | "app";
export const MESSAGE_PARTS: readonly MessagePart[] = ["site", "public", "pages", "app"];

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

/** Every double-quoted string literal of `text`, as its value. */
function addLiterals(literals: Set<string>, text: string): void {
  for (const match of text.matchAll(/"(?:[^"\\\n]|\\.)*"/g)) {
    try {
      literals.add(JSON.parse(match[0]) as string);
    } catch {
      // Not a JSON-compatible literal (a \x escape): no message key is written that way.
    }
  }
}

/** Every double-quoted string literal of the given sources' wanted files, as its value. */
function literalsOf(directories: readonly string[], isWanted: (file: string) => boolean): Set<string> {
  const literals = new Set<string>();
  for (const directory of directories) {
    addLiterals(literals, sourceTextOf(path.join(root, directory), isWanted));
  }
  return literals;
}

/** A static `import … from "x"`, `export … from "x"` or `import "x"`; not `import type`, not `import()`. */
const STATIC_IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?!type\b)(?:[^"';]*?\s+from\s+)?"([^"]+)"/g;

/** The file a specifier names, for the app's own modules and core's (`@ferry/core/x` is core's src/x.ts). */
function moduleFileOf(importer: string, specifier: string): string | undefined {
  if (specifier.startsWith(".")) {
    return path.resolve(path.dirname(importer), specifier);
  }
  if (specifier.startsWith("@ferry/core/")) {
    return path.join(root, "packages", "core", "src", `${specifier.slice("@ferry/core/".length)}.ts`);
  }
  return undefined;
}

/** The string literals of `entry` and of every app or core module it imports statically, directly or not. */
function literalsOfStaticImports(entry: string): Set<string> {
  const literals = new Set<string>();
  const seen = new Set<string>();
  const queue = [path.join(root, entry)];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file) || !/\.tsx?$/.test(file)) {
      continue;
    }
    seen.add(file);
    const text = readFileSync(file, "utf8");
    addLiterals(literals, text);
    for (const [, specifier] of text.matchAll(STATIC_IMPORT)) {
      const imported = moduleFileOf(file, specifier);
      if (imported) {
        queue.push(imported);
      }
    }
  }
  return literals;
}

/**
 * The string literals of the first script's modules, of the public site's sources (the marketing pages'
 * own files aside), of those pages, and of every other web source.
 */
export interface SourceLiterals {
  readonly firstScript: Set<string>;
  readonly site: Set<string>;
  readonly pages: Set<string>;
  readonly others: Set<string>;
}

function sourceLiterals(): SourceLiterals {
  return {
    firstScript: literalsOfStaticImports(FIRST_SCRIPT_ENTRY),
    site: literalsOf(SITE_SOURCES, (file) => !isPageSource(file)),
    pages: literalsOf(PAGE_SOURCES, isPageSource),
    others: literalsOf(["apps/web/src"], (file) => !isPageSource(file)),
  };
}

/**
 * A text of the first script goes with it; any other text of the public site, or one the marketing pages
 * share with the signed-in app, goes with `public`, which every page but the landing page loads.
 */
function partOf(key: string, literals: SourceLiterals): MessagePart {
  if (literals.firstScript.has(key)) {
    return "site";
  }
  if (literals.site.has(key) || (literals.pages.has(key) && literals.others.has(key))) {
    return "public";
  }
  return literals.pages.has(key) ? "pages" : "app";
}

/**
 * The messages of `part`: the first script's, the rest of the public site's (a literal of its sources),
 * the marketing pages' own, or the app's (the rest).
 */
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
      if (!isLanguage(language) || !MESSAGE_PARTS.includes(part as MessagePart)) {
        throw new Error(`No messages at "${id.slice(1)}"`);
      }
      this.addWatchFile(path.join(messagesDir, `${language}.json`));
      const raw = messagesOfPart(readCatalog(language), part as MessagePart, sourceLiterals());
      const compiled = compileCatalog(raw, language);
      // JSON.parse of a string literal parses faster than the same object as JavaScript.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
    },
  };
}
