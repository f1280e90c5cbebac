import { devicePartsOf } from "@ferry/core/contracts/sessions";
import { describe, expect, it } from "vitest";
import { readerFor } from "../../i18n/translator.ts";
import {
  helpRequestUpdateMail,
  type Mail,
  newDeviceSignInMail,
  passwordChangedMail,
  passwordResetMail,
  signInCodeMail,
  signInMethodChangedMail,
  transferCodeMail,
} from "./service.ts";

/* Issue 29: each e-mail is written for its reader: their language, plural forms and formats. */

function written(mail: Mail, language: "en" | "de" | "fr" | "zh", timeZone = "UTC") {
  if (!("write" in mail)) {
    throw new Error("expected a mail written for its reader");
  }
  return mail.write(readerFor(language, timeZone));
}

describe("e-mails in the reader's language", () => {
  it("writes the subject, the text, the HTML and the layout's footer in German", () => {
    const mail = written(signInCodeMail("a@example.com", "123456", 10), "de");
    expect(mail.subject).toBe("Ihr Ferry-Anmeldecode");
    expect(mail.text).toBe(
      "Verwenden Sie diesen Code, um die Anmeldung bei Ferry abzuschließen.\n\nIhr Code: 123456\n\nEr läuft in 10 Minuten ab. Geben Sie ihn niemals weiter.",
    );
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.html).toContain("Ferry wird Sie niemals nach Ihrem Passwort fragen.");
  });

  it("names a new device in the reader's language, and one it cannot read as unknown", () => {
    const firefoxOnWindows = devicePartsOf(
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
    );
    const details = { time: "27 Nov 2026, 08:00 UTC", address: "192.0.2.7", device: firefoxOnWindows };
    expect(written(newDeviceSignInMail("a@example.com", details), "de").text).toContain(
      "Browser: Firefox unter Windows",
    );
    expect(written(newDeviceSignInMail("a@example.com", details), "en").text).toContain("Browser: Firefox on Windows");
    const unknown = { ...details, device: devicePartsOf("curl/8.5.0") };
    expect(written(newDeviceSignInMail("a@example.com", unknown), "fr").text).toContain("Appareil inconnu");
  });

  it("keeps the English texts as they were", () => {
    const mail = written(passwordResetMail("a@example.com", "https://ferry.test/r", 60), "en");
    expect(mail.subject).toBe("Reset your password");
    expect(mail.text).toBe(
      "Follow this link to choose a new Ferry password. Every other signed-in device will be signed out.\n\nhttps://ferry.test/r\n\nThe link expires in 60 minutes.",
    );
  });

  it("chooses each language's plural form", () => {
    const one = { count: 1, settingsUrl: "https://ferry.test/settings" };
    const two = { count: 2, settingsUrl: "https://ferry.test/settings" };
    expect(written(passwordChangedMail("a@example.com", one), "fr").text).toContain(
      "Votre compte possède 1 clé d’accès",
    );
    expect(written(passwordChangedMail("a@example.com", two), "fr").text).toContain(
      "Votre compte possède 2 clés d’accès",
    );
    expect(written(passwordChangedMail("a@example.com", two), "zh").text).toContain("您的账户有 2 个通行密钥");
    expect(written(signInCodeMail("a@example.com", "123456", 1), "en").text).toContain("It expires in 1 minute.");
  });

  it("formats a transfer's amounts and its code's end in the reader's locale and zone", () => {
    const mail = transferCodeMail("a@example.com", "654321", {
      amount: { currency: "EUR", amountMinor: 125_050n },
      fee: { currency: "EUR", amountMinor: 150n },
      total: { currency: "EUR", amountMinor: 125_200n },
      recipient: "Grace Hopper",
      destination: null,
      expiresAt: new Date("2026-03-12T23:30:00Z"),
    });
    const french = written(mail, "fr", "America/New_York").text;
    expect(french).toContain(
      "Envoyer 1\u202f250,50\u00a0EUR à Grace Hopper. Frais 1,50\u00a0EUR, total 1\u202f252,00\u00a0EUR.",
    );
    expect(french).toContain("Le code est valable jusqu’au 12 mars 2026, 19:30.");
    expect(written(mail, "en").text).toContain("Send EUR 1,250.50 to Grace Hopper. Fee EUR 1.50, total EUR 1,252.00.");
  });

  it("names a transfer's destination in the reader's language", () => {
    const toBank = transferCodeMail("a@example.com", "654321", {
      amount: { currency: "EUR", amountMinor: 1_000n },
      fee: { currency: "EUR", amountMinor: 0n },
      total: { currency: "EUR", amountMinor: 1_000n },
      recipient: "Grace Hopper",
      destination: { kind: "bank", account: "****3000", bank: "Deutsche Bank, DE" },
      expiresAt: new Date("2026-03-12T23:30:00Z"),
    });
    expect(written(toBank, "de").text).toContain("an Grace Hopper, Konto ****3000 (Deutsche Bank, DE) senden.");
    expect(written(toBank, "en").text).toContain("to Grace Hopper, account ****3000 (Deutsche Bank, DE).");
  });

  it("words a help-desk update for the reader", () => {
    const mail = helpRequestUpdateMail("a@example.com", {
      subject: "Card",
      update: ({ t }) =>
        t(
          'Your request "{subject}" is now {status, select, open {open} in_progress {in progress} resolved {resolved} other {closed}}.',
          { subject: "Card", status: "in_progress" },
        ),
      url: "https://ferry.test/help?request=1",
    });
    const german = written(mail, "de");
    expect(german.subject).toBe("Ihre Hilfeanfrage: Card");
    expect(german.text).toContain("Ihre Anfrage „Card“ ist jetzt in Bearbeitung.");
    expect(written(mail, "en").text).toContain('Your request "Card" is now in progress.');
  });

  it("names the sign-in method that changed in the reader's language", () => {
    const settingsUrl = "https://ferry.test/settings";
    const passkey = signInMethodChangedMail("a@example.com", {
      change: "added",
      method: { kind: "passkey", name: "Laptop" },
      settingsUrl,
    });
    const app = signInMethodChangedMail("a@example.com", {
      change: "removed",
      method: { kind: "authenticator" },
      settingsUrl,
    });
    expect(written(passkey, "de").text).toContain("Der Passkey „Laptop“ wurde Ihrem Ferry-Konto hinzugefügt.");
    expect(written(passkey, "en").text).toContain('The passkey "Laptop" was added to your Ferry account.');
    expect(written(app, "en").subject).toBe("A sign-in method was removed from your Ferry account");
    expect(written(app, "en").text).toContain("An authenticator app was removed from your Ferry account.");
  });
});
