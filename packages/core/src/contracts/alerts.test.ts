import { describe, expect, test } from "vitest";
import type { AlertConditionReader } from "../alert-rules.ts";
import { compileCatalog, createTranslator } from "../i18n/catalog.ts";
import { createFormatter } from "../i18n/format.ts";
import type { Language } from "../i18n/languages.ts";
import german from "../i18n/messages/de.json" with { type: "json" };
import english from "../i18n/messages/en.json" with { type: "json" };
import { ALERT_MESSAGES, AlertRuleRequest, describeAlertCondition } from "./alerts.ts";

/** A reader of a language, as the web's `t` and the server's `reader` are. */
function readerOf(language: Language, messages: Record<string, string>): AlertConditionReader {
  const { translate } = createTranslator(language, compileCatalog(messages, language));
  return { language, t: translate, format: createFormatter({ language, timeZone: "UTC" }) };
}

const ENGLISH = readerOf("en", english);

describe("alert rule requests", () => {
  test("accept each type with the fields it needs, enabled by default", () => {
    expect(
      AlertRuleRequest.parse({
        type: "transaction",
        currency: "USD",
        amount: "100",
        direction: "both",
        method: "email",
      }),
    ).toMatchObject({ isEnabled: true });
    expect(AlertRuleRequest.parse({ type: "balance", currency: "BTC", amount: "0.001", method: "sms" })).toMatchObject({
      method: "sms",
    });
    expect(
      AlertRuleRequest.parse({ type: "security", events: ["new_device"], method: "email", isEnabled: false }),
    ).toMatchObject({ isEnabled: false });
  });

  test("refuse a missing direction, an amount beyond the currency's scale and repeated events with their words", () => {
    const issues = (input: unknown) =>
      AlertRuleRequest.safeParse(input).error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(issues({ type: "transaction", currency: "USD", amount: "1", method: "email" })).toEqual([
      ["direction", ALERT_MESSAGES.directionRequired],
    ]);
    expect(issues({ type: "balance", currency: "BTC", amount: "0.000000001", method: "email" })).toEqual([
      ["amount", "BTC amounts have at most 8 decimals"],
    ]);
    expect(issues({ type: "security", events: ["new_device", "new_device"], method: "email" })).toEqual([
      ["events", ALERT_MESSAGES.eventsRepeated],
    ]);
  });
});

describe("describeAlertCondition", () => {
  test("words each type as one sentence", () => {
    expect(
      describeAlertCondition({ type: "transaction", currency: "USD", amount: "1000", direction: "outgoing" }, ENGLISH),
    ).toBe("Outgoing transactions of USD 1,000.00 or more");
    expect(
      describeAlertCondition({ type: "transaction", currency: "EUR", amount: "5.5", direction: "both" }, ENGLISH),
    ).toBe("Transactions of EUR 5.50 or more");
    expect(describeAlertCondition({ type: "balance", currency: "BTC", amount: "0.5" }, ENGLISH)).toBe(
      "Available BTC balance below BTC 0.500000",
    );
  });

  test("lists security events in one order, however they were chosen", () => {
    expect(describeAlertCondition({ type: "security", events: ["password_changed"] }, ENGLISH)).toBe(
      "Password changed",
    );
    expect(describeAlertCondition({ type: "security", events: ["password_changed", "new_device"] }, ENGLISH)).toBe(
      "Sign-in from a new device or password changed",
    );
    expect(
      describeAlertCondition(
        {
          type: "security",
          events: ["second_factor_failures", "password_changed", "new_device"],
        },
        ENGLISH,
      ),
    ).toBe("Sign-in from a new device, password changed or 3 or more wrong sign-in codes within an hour");
  });

  test("words a rule in the reader's language, amounts as the reader writes them", () => {
    const GERMAN = readerOf("de", german);
    expect(
      describeAlertCondition({ type: "transaction", currency: "USD", amount: "1000", direction: "outgoing" }, GERMAN),
    ).toBe("Ausgehende Transaktionen ab 1.000,00\u00a0USD");
    expect(describeAlertCondition({ type: "balance", currency: "EUR", amount: "50" }, GERMAN)).toBe(
      "Verfügbares EUR-Guthaben unter 50,00\u00a0EUR",
    );
    expect(describeAlertCondition({ type: "security", events: ["password_changed", "new_device"] }, GERMAN)).toBe(
      "Anmeldung von einem neuen Gerät oder Passwort geändert",
    );
  });
});
