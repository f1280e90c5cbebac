import { afterEach, describe, expect, test } from "vitest";
import english from "../../../../packages/core/src/i18n/messages/en.json";
import { activate, loadLanguage } from "../i18n/i18n.tsx";
import { TERMS_PAGE } from "./content/legal.ts";
import { OPERATOR } from "./content/operator.ts";
import { DEDICATED_SUPPORT_PAGE, SUPPORT_PAGE } from "./content/support.ts";
import { isFilledText, translatedContent, UNTRANSLATED_FIELDS } from "./translated-content.ts";

/** Every text of a page's content, in order; with `isRead`, only those translatedContent translates. */
function textsOf(value: unknown, isRead = false): string[] {
  if (typeof value === "string") {
    return [value];
  }
  if (Array.isArray(value)) {
    return value.flatMap((item) => textsOf(item, isRead));
  }
  if (value === null || typeof value !== "object") {
    return [];
  }
  return Object.entries(value).flatMap(([field, inner]) =>
    isRead && UNTRANSLATED_FIELDS.has(field) ? [] : textsOf(inner, isRead),
  );
}

/** Every export of every content file, as the pages read them. */
const CONTENT_FILES = import.meta.glob<Record<string, unknown>>("./content/*.ts", { eager: true });

/**
 * Texts of the content files that are the same in every language: names of coins and of the example
 * partners, colours, and the operator's own details (a placeholder until they fill it in).
 */
const SAME_IN_EVERY_LANGUAGE = new Set<string>([
  ...Object.values(OPERATOR).flatMap((value) => (typeof value === "string" ? [value] : Object.values(value))),
  "Solana",
  "Cardano",
  "Harbourline Bank",
  "Meridian FX",
  "Bluewater Exchange",
  "Keel Custody",
  "Lighthouse Payouts",
  "Anchor Card Services",
]);

describe("the content files' texts (issue 29)", () => {
  test("each is a message of the catalog, a sentence filled from one, or a name", () => {
    const texts = Object.values(CONTENT_FILES).flatMap((exports) => textsOf(Object.values(exports), true));
    const untranslatable = [...new Set(texts)].filter(
      (text) =>
        !(text in english) &&
        !isFilledText(text) &&
        !SAME_IN_EVERY_LANGUAGE.has(text) &&
        // Paths, CSS colours, and codes, amounts and glyphs (no lowercase letter).
        !/^(\/|#|linear-gradient\()/.test(text) &&
        /[a-z]/.test(text),
    );
    expect(untranslatable).toEqual([]);
    expect(texts.length).toBeGreaterThan(500);
  });
});

describe("content texts with the operator's details in them (issue 29)", () => {
  afterEach(() => activate("en", "UTC"));

  test("read in German, the details kept and the help desk's targets translated", async () => {
    await loadLanguage("de");
    activate("de", "UTC");

    const support = textsOf(translatedContent(SUPPORT_PAGE));
    const dedicated = textsOf(translatedContent(DEDICATED_SUPPORT_PAGE));
    const terms = textsOf(translatedContent(TERMS_PAGE));

    expect(support).toContain("+1 (555) 010-0142 anrufen");
    expect(support).toContain("E-Mail an support@ferry.example");
    expect(dedicated).toContain(
      "Hilfeanfragen nach Priorität beantwortet: dringend 1 Stunde, hoch 4 Stunden, mittel 24 Stunden, niedrig 48 Stunden",
    );
    expect(terms).toContain(
      "Diese Bedingungen unterliegen dem Recht von [country or state whose law governs these terms].",
    );
    expect(terms.some((text) => text.startsWith("Dieses Dokument (Nutzungsbedingungen)"))).toBe(true);
    expect(terms.some((text) => text.includes("0,5 % auf ein Bankkonto und 1 % auf eine Krypto-Wallet"))).toBe(true);
  });

  test("read in English exactly as the content files write them", () => {
    expect(textsOf(translatedContent(SUPPORT_PAGE))).toContain("Call +1 (555) 010-0142");
    expect(
      textsOf(translatedContent(TERMS_PAGE)).some((text) =>
        text.includes("currently free to another Ferry user, 0.5 % to a bank account and 1 % to a crypto wallet"),
      ),
    ).toBe(true);
    expect(textsOf(translatedContent(DEDICATED_SUPPORT_PAGE))).toContain(
      "Help requests answered by priority: urgent 1 hour, high 4 hours, medium 24 hours, low 48 hours",
    );
  });
});
