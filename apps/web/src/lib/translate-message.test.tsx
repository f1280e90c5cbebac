import { singleLineTextMessage } from "@ferry/core/messages";
import { amountTooLargeMessage, tooManyDecimalsMessage } from "@ferry/core/money";
import { invalidAddressMessage, nonAsciiCharacterMessage } from "@ferry/core/validation/messages";
import { afterEach, describe, expect, test } from "vitest";
import { activate, loadLanguage } from "../i18n/i18n.tsx";
import { translateMessage } from "./translate-message.ts";

describe("core's messages in the reader's language", () => {
  afterEach(() => activate("en", "UTC"));

  test("reads fixed texts and the ones core builds with values in German", async () => {
    await loadLanguage("de");
    activate("de", "UTC");

    expect(translateMessage("Please enter a valid amount")).toBe("Bitte geben Sie einen gültigen Betrag ein");
    expect(translateMessage(tooManyDecimalsMessage("EUR"))).toBe("Beträge in EUR haben höchstens 2 Nachkommastellen");
    expect(translateMessage(singleLineTextMessage("First name"))).toBe(
      "Vorname darf keine Zeilenumbrüche, Tabulatoren oder anderen Steuerzeichen enthalten",
    );
    expect(translateMessage(invalidAddressMessage("Polygon"))).toBe("Dies ist keine gültige Polygon-Adresse");
    expect(translateMessage(nonAsciiCharacterMessage("ß"))).toBe("Entfernen Sie das Zeichen „ß“ (U+00DF)");
    expect(translateMessage("Request failed (502)")).toBe("Anfrage fehlgeschlagen (502)");
    expect(translateMessage(amountTooLargeMessage("USD"))).toBe("Der Betrag darf höchstens 1.000.000.000 USD betragen");
  });

  test("leaves English as core wrote it, and a text no catalog knows as it is", () => {
    expect(translateMessage(tooManyDecimalsMessage("BTC"))).toBe("BTC amounts have at most 8 decimals");
    expect(translateMessage(amountTooLargeMessage("EUR"))).toBe(amountTooLargeMessage("EUR"));
    expect(translateMessage("Something only the server says")).toBe("Something only the server says");
  });
});
