/*
 * Every language has every message, with the same arguments (issue 29): a key missing in one, an extra
 * one, a renamed `{argument}`, a plural turned into a plain text, or a plural category the language does
 * not have fails `npm test`.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type CompiledMessage, compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { compileCatalog, createTranslator } from "./catalog.ts";
import { LANGUAGES, type Language, LOCALE_OF } from "./languages.ts";

const messagesDir = path.join(import.meta.dirname, "messages");

function catalogOf(language: Language): Record<string, string> {
  return JSON.parse(readFileSync(path.join(messagesDir, `${language}.json`), "utf8"));
}

/** The arguments a message takes, as "name:type", and the plural categories each plural uses. */
function argumentsOf(tokens: CompiledMessage, into: Set<string>, categories: string[][]): void {
  for (const token of tokens) {
    if (typeof token === "string") {
      continue;
    }
    const [name, type, format] = token;
    into.add(`${name}:${type ?? "text"}`);
    if (format && typeof format === "object") {
      const choices = Object.entries(format as Record<string, unknown>).filter(([key]) => key !== "offset");
      if (type === "plural" || type === "selectordinal") {
        // Exact matches ("=0") compile to their number ("0"): they are not categories.
        categories.push(choices.map(([key]) => key).filter((key) => !/^\d+$/.test(key)));
      }
      for (const [, choice] of choices) {
        argumentsOf(choice as CompiledMessage, into, categories);
      }
    }
  }
}

const english = catalogOf("en");

describe("the message files", () => {
  it("are exactly the five languages", () => {
    expect(readdirSync(messagesDir).sort()).toEqual(LANGUAGES.map((language) => `${language}.json`).sort());
  });

  it("key English by its own text", () => {
    const differing = Object.entries(english).filter(([key, text]) => key !== text);
    expect(differing).toEqual([]);
  });

  for (const language of LANGUAGES) {
    it(`${language} has every key English has, and no other`, () => {
      const keys = Object.keys(catalogOf(language)).sort();
      const missing = Object.keys(english).filter((key) => !keys.includes(key));
      const extra = keys.filter((key) => !(key in english));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it(`${language}'s messages compile and take the same arguments as English, with its plural categories`, () => {
      const catalog = catalogOf(language);
      const allowed = new Intl.PluralRules(LOCALE_OF[language]).resolvedOptions().pluralCategories as string[];
      const problems: string[] = [];
      for (const [key, englishText] of Object.entries(english)) {
        const expected = new Set<string>();
        argumentsOf(compileMessageOrThrow(englishText), expected, []);
        const actual = new Set<string>();
        const categories: string[][] = [];
        try {
          argumentsOf(compileMessageOrThrow(catalog[key] ?? ""), actual, categories);
        } catch (error) {
          problems.push(`${key}: does not compile (${(error as Error).message})`);
          continue;
        }
        if ([...expected].sort().join() !== [...actual].sort().join()) {
          problems.push(
            `${key}: takes ${[...actual].join(", ") || "nothing"}, English ${[...expected].join(", ") || "nothing"}`,
          );
        }
        for (const used of categories) {
          const unknown = used.filter((category) => !allowed.includes(category));
          if (unknown.length > 0 || !used.includes("other")) {
            problems.push(`${key}: plural categories ${used.join(", ")}; ${language} has ${allowed.join(", ")}`);
          }
        }
      }
      expect(problems).toEqual([]);
    });
  }
});

describe("the translator", () => {
  it("fills arguments and picks the plural form of the language", () => {
    const german = createTranslator("de", compileCatalog(catalogOf("de"), "de"));
    expect(german.translate("Send {amount} to {name}", { amount: "10,00 EUR", name: "Ada" })).toBe(
      "10,00 EUR an Ada senden",
    );
    const count = "{count, plural, one {# transaction} other {# transactions}}";
    expect(german.translate(count, { count: 1 })).toBe("1 Transaktion");
    expect(german.translate(count, { count: 1200 })).toBe("1.200 Transaktionen");
    const chinese = createTranslator("zh", compileCatalog(catalogOf("zh"), "zh"));
    expect(chinese.translate(count, { count: 1 })).toBe("1 笔交易");
  });

  it("reads exact matches, offsets, selects and numbers as ICU does", () => {
    const messages = {
      "{n, plural, =0 {none} one {one} other {# many}}": "{n, plural, =0 {keine} one {eine} other {# viele}}",
      "{who, select, me {you} other {{who}}} paid": "{who, select, me {Sie} other {{who}}} hat bezahlt",
      "{n, plural, offset:1 =0 {nobody} =1 {{name}} one {{name} and # other} other {{name} and # others}}":
        "{n, plural, offset:1 =0 {niemand} =1 {{name}} one {{name} und # weitere Person} other {{name} und # weitere}}",
      "{n, number} points": "{n, number} Punkte",
    };
    const german = createTranslator("de", compileCatalog(messages, "de")).translateText;
    expect(german("{n, plural, =0 {none} one {one} other {# many}}", { n: 0 })).toBe("keine");
    expect(german("{n, plural, =0 {none} one {one} other {# many}}", { n: 1 })).toBe("eine");
    expect(german("{n, plural, =0 {none} one {one} other {# many}}", { n: 2500 })).toBe("2.500 viele");
    expect(german("{who, select, me {you} other {{who}}} paid", { who: "me" })).toBe("Sie hat bezahlt");
    expect(german("{who, select, me {you} other {{who}}} paid", { who: "Ada" })).toBe("Ada hat bezahlt");
    const offset = "{n, plural, offset:1 =0 {nobody} =1 {{name}} one {{name} and # other} other {{name} and # others}}";
    expect(german(offset, { n: 2, name: "Ada" })).toBe("Ada und 1 weitere Person");
    expect(german(offset, { n: 4, name: "Ada" })).toBe("Ada und 3 weitere");
    expect(german("{n, number} points", { n: 1234.5 })).toBe("1.234,5 Punkte");
  });

  it("reads English from its keys, and a text no catalog holds as itself", () => {
    const englishCatalog = compileCatalog(english, "en");
    expect(Object.keys(englishCatalog).every((key) => key.includes("{"))).toBe(true);
    const translator = createTranslator("en", englishCatalog);
    expect(translator.translate("Sign In")).toBe("Sign In");
    expect(translator.translate("{count, plural, one {# transaction} other {# transactions}}", { count: 2 })).toBe(
      "2 transactions",
    );
    expect(translator.translateText("Insufficient balance")).toBe("Insufficient balance");
  });
});
