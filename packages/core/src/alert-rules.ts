import type { CurrencyCode } from "./currencies.ts";
import type { Translate } from "./i18n/catalog.ts";
import type { Formatter } from "./i18n/format.ts";
import type { Language } from "./i18n/languages.ts";
import { minorOf } from "./money.ts";

/*
 * Alert rules (spec §2 /alerts, §9: types transaction, security and balance; methods e-mail and SMS):
 * their kinds, limits, labels and wording, without the API's schemas (contracts/alerts.ts), so a page
 * that only shows rules does not download zod (decision 021). A rule fires once per event it matches:
 * an in-app notification, and a message by its method. A method is offered only while it can reach the
 * person: it is on in their Notification Preferences, and SMS also needs their profile's phone number
 * and an SMS provider (issue 27; docs/decisions/039-sms-and-alert-methods.md).
 */

export const ALERT_RULE_TYPES = ["transaction", "balance", "security"] as const;
export type AlertRuleType = (typeof ALERT_RULE_TYPES)[number];

export const ALERT_METHODS = ["email", "sms"] as const;
export type AlertMethod = (typeof ALERT_METHODS)[number];

/**
 * Why a method cannot be chosen now: e-mail or SMS is off in the person's Notification Preferences,
 * their profile has no phone number, or Ferry has no SMS provider.
 */
export const ALERT_METHOD_REFUSALS = ["email_off", "sms_off", "sms_no_phone", "sms_unavailable"] as const;
export type AlertMethodRefusal = (typeof ALERT_METHOD_REFUSALS)[number];

/** Which way the money of a transaction rule moves: into the account, out of it, or either. */
export const TRANSACTION_DIRECTIONS = ["incoming", "outgoing", "both"] as const;
export type TransactionDirection = (typeof TRANSACTION_DIRECTIONS)[number];

/** The events a security rule can fire on. */
export const SECURITY_EVENTS = ["new_device", "password_changed", "second_factor_failures"] as const;
export type SecurityEvent = (typeof SECURITY_EVENTS)[number];

/** A user keeps at most this many rules: an explicit bound on what each event has to evaluate. */
export const MAX_ALERT_RULES_PER_USER = 20;

/**
 * Wrong sign-in codes within an hour that make a `second_factor_failures` event. The code step comes
 * after the password, so these are tries by someone who knows the password. At most one event an hour.
 */
export const SECOND_FACTOR_FAILURES_PER_ALERT = 3;

export const ALERT_MESSAGES = {
  methodRequired: "Choose how to be alerted",
  directionRequired: "Choose incoming, outgoing or both",
  eventsRequired: "Choose at least one security event",
  eventsRepeated: "Each security event can be chosen once",
  currencyRequired: "Choose a currency",
  /** Why a method cannot be chosen: the page says it beside the methods, the API refuses with it (400). */
  methodRefusals: {
    email_off: "E-mail notifications are off. Turn them on in Settings to get alerts by e-mail.",
    sms_off: "Text messages are off. Turn on SMS notifications in Settings to get alerts by SMS.",
    sms_no_phone: "Add a phone number to your profile to get alerts by SMS.",
    sms_unavailable: "Text messages are not available yet.",
  } satisfies Record<AlertMethodRefusal, string>,
  /** Neither method can reach the person: the page says so instead of offering a choice. */
  noMethod: "No way to send alerts is switched on. Turn on e-mail or SMS notifications in Settings.",
  tooMany: `You can keep at most ${MAX_ALERT_RULES_PER_USER} alert rules`,
  notFound: "Alert rule not found",
} as const;

/** How each type, method and direction reads on the page (an event's name is `describeSecurityEvent`). */
export const ALERT_LABELS = {
  types: { transaction: "Transaction", balance: "Balance", security: "Security" },
  methods: { email: "E-mail", sms: "SMS" },
  directions: { incoming: "Incoming", outgoing: "Outgoing", both: "Incoming or outgoing" },
} as const satisfies {
  types: Record<AlertRuleType, string>;
  methods: Record<AlertMethod, string>;
  directions: Record<TransactionDirection, string>;
};

/** What a rule's fields describe, as both a rule's card and the message of its firing word it. */
export type AlertRuleCondition =
  | { type: "transaction"; currency: CurrencyCode; amount: string; direction: TransactionDirection }
  | { type: "balance"; currency: CurrencyCode; amount: string }
  | { type: "security"; events: readonly SecurityEvent[] };

/**
 * Who a rule is worded for: their language, their translator (the web's `t`, the server's `reader.t`) and
 * their formatter's money. The server's `Reader` is one as it is.
 */
export interface AlertConditionReader {
  readonly language: Language;
  readonly t: Translate;
  readonly format: Pick<Formatter, "money">;
}

/** A security event's name in the translator's language: "Sign-in from a new device". */
export function describeSecurityEvent(event: SecurityEvent, t: Translate): string {
  switch (event) {
    case "new_device":
      return t("Sign-in from a new device");
    case "password_changed":
      return t("Password changed");
    case "second_factor_failures":
      return t("{count} or more wrong sign-in codes within an hour", { count: SECOND_FACTOR_FAILURES_PER_ALERT });
  }
}

/** Security events in one phrase, ordered as SECURITY_EVENTS; English lowers every name after the first. */
function describeSecurityEvents(reader: AlertConditionReader, events: readonly SecurityEvent[]): string {
  const named = SECURITY_EVENTS.filter((event) => events.includes(event)).map((event, index) => {
    const label = describeSecurityEvent(event, reader.t);
    return index > 0 && reader.language === "en" ? label.charAt(0).toLowerCase() + label.slice(1) : label;
  });
  const [first = "", second, third] = named;
  if (third !== undefined) {
    return reader.t("{first}, {second} or {third}", { first, second: second ?? "", third });
  }
  return second === undefined ? first : reader.t("{first} or {second}", { first, second });
}

/**
 * A rule in one sentence, in the reader's language: "Outgoing transactions of USD 1,000.00 or more",
 * "Available EUR balance below EUR 50.00", "Sign-in from a new device or password changed" in English.
 * `amount` is the API's decimal string.
 */
export function describeAlertCondition(rule: AlertRuleCondition, reader: AlertConditionReader): string {
  if (rule.type === "security") {
    return describeSecurityEvents(reader, rule.events);
  }
  const amount = reader.format.money({ currency: rule.currency, amountMinor: minorOf(rule.amount, rule.currency) });
  if (rule.type === "balance") {
    return reader.t("Available {currency} balance below {amount}", { currency: rule.currency, amount });
  }
  switch (rule.direction) {
    case "incoming":
      return reader.t("Incoming transactions of {amount} or more", { amount });
    case "outgoing":
      return reader.t("Outgoing transactions of {amount} or more", { amount });
    case "both":
      return reader.t("Transactions of {amount} or more", { amount });
  }
}
