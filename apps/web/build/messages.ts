/*
 * `virtual:ferry-messages/<language>`: a language's message file (packages/core/src/i18n/messages),
 * compiled at build time to Lingui's tokens, so the browser runs no message parser and downloads only the
 * active language (decision 044).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { compileCatalog } from "@ferry/core/i18n/catalog";
import { isLanguage } from "@ferry/core/i18n/languages";
import type { Plugin } from "vite";

const PREFIX = "virtual:ferry-messages/";
const RESOLVED_PREFIX = `\0${PREFIX}`;
const messagesDir = path.join(import.meta.dirname, "..", "..", "..", "packages", "core", "src", "i18n", "messages");

export function compiledMessages(): Plugin {
  return {
    name: "ferry-compiled-messages",
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(RESOLVED_PREFIX)) {
        return undefined;
      }
      const language = id.slice(RESOLVED_PREFIX.length);
      if (!isLanguage(language)) {
        throw new Error(`No messages for "${language}"`);
      }
      const file = path.join(messagesDir, `${language}.json`);
      this.addWatchFile(file);
      const compiled = compileCatalog(JSON.parse(await readFile(file, "utf8")), language);
      // JSON.parse of a string literal parses faster than the same object as JavaScript.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`;
    },
  };
}
