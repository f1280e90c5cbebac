import { describe, expect, test } from "vitest";
import { ALERT_MESSAGES, AlertRuleRequest, describeAlertCondition } from "./alerts.ts";

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
      describeAlertCondition({ type: "transaction", currency: "USD", amount: "1000", direction: "outgoing" }),
    ).toBe("Outgoing transactions of USD 1,000.00 or more");
    expect(describeAlertCondition({ type: "transaction", currency: "EUR", amount: "5.5", direction: "both" })).toBe(
      "Transactions of EUR 5.50 or more",
    );
    expect(describeAlertCondition({ type: "balance", currency: "BTC", amount: "0.5" })).toBe(
      "Available BTC balance below BTC 0.500000",
    );
  });

  test("lists security events in one order, however they were chosen", () => {
    expect(describeAlertCondition({ type: "security", events: ["password_changed"] })).toBe("Password changed");
    expect(describeAlertCondition({ type: "security", events: ["password_changed", "new_device"] })).toBe(
      "Sign-in from a new device or password changed",
    );
    expect(
      describeAlertCondition({
        type: "security",
        events: ["second_factor_failures", "password_changed", "new_device"],
      }),
    ).toBe("Sign-in from a new device, password changed or 3 or more wrong sign-in codes within an hour");
  });
});
