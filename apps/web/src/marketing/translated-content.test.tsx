import { afterEach, describe, expect, test } from "vitest";
import { activate, loadLanguage } from "../i18n/i18n.tsx";
import { TERMS_PAGE } from "./content/legal.ts";
import { DEDICATED_SUPPORT_PAGE, SUPPORT_PAGE } from "./content/support.ts";
import { translatedContent } from "./translated-content.ts";

/** Every text of a page's content, in order. */
function textsOf(value: unknown): string[] {
  if (typeof value === "string") {
    return [value];
  }
  if (Array.isArray(value)) {
    return value.flatMap(textsOf);
  }
  return value !== null && typeof value === "object" ? Object.values(value).flatMap(textsOf) : [];
}

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
