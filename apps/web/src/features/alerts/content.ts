// The alerts page's copy (DESIGN.md point 10: content an operator edits, not code). The rules a signed-in
// customer sees are their own, from GET /api/v1/alert-rules; the sample rules below are what a visitor
// sees instead (spec §2 /alerts: static sample rules; §9: types transaction, security and balance,
// methods e-mail and SMS). What each type means is core's (alert-rules.ts).
import type { AlertMethod, AlertRuleCondition } from "@ferry/core/alert-rules";

export const ALERTS_PAGE = {
  title: "Alerts",
  intro:
    "Choose what Ferry tells you about: large transactions, a balance running low, and anything that touches the security of your account.",
  typesHeading: "Three kinds of alert",
  samplesHeading: "Example rules",
  samplesIntro: "Rules like these take a minute to set up once you have an account. These are examples only.",
  sampleBadge: "Example",
  deliveryHeading: "How alerts reach you",
  signUp: {
    heading: "Set up your own alerts",
    body: "Create a free account, then add rules here. Every alert also appears in your notifications.",
    primary: { label: "Create Free Account", to: "/signup" },
    secondary: { label: "Sign In", to: "/login" },
  },
  rules: {
    heading: "Your alert rules",
    intro: "Each rule fires once per event: a notification in Ferry and a message by the method you chose.",
    newRule: "New alert rule",
    emptyTitle: "No alert rules yet",
    emptyHint: "Add a rule to hear about large transactions, a low balance or a new sign-in.",
    emptyAction: "Create your first rule",
    loadFailed: "Failed to load alert rules",
    notificationsLink: { label: "See your notifications", to: "/notifications" },
    limitReached: "You have reached the limit of alert rules. Delete one to add another.",
  },
  toasts: {
    created: "Alert rule created",
    updated: "Alert rule updated",
    deleted: "Alert rule deleted",
    saveFailed: "Failed to save alert rule",
    deleteFailed: "Failed to delete alert rule",
  },
} as const;

/** What each type of rule watches, for the cards above the samples and the type choice in the dialog. */
export const ALERT_TYPE_TEXT = {
  transaction: "A transfer, deposit or exchange of at least an amount you choose, coming in, going out or both.",
  balance: "Your available balance in a currency falls below an amount you choose.",
  security: "A sign-in from a new device, a password change, or wrong sign-in codes after your password.",
} as const;

/** How each method delivers, as the delivery section says it. */
export const ALERT_METHOD_TEXT: Readonly<Record<AlertMethod | "inApp", { title: string; body: string }>> = {
  inApp: { title: "In Ferry", body: "Every alert is also a notification in your account." },
  email: {
    title: "E-mail",
    body: "Sent to the address you signed up with, as soon as the event happens, while e-mail notifications are on in Settings.",
  },
  sms: {
    title: "SMS",
    body: "Sent to the phone number in your profile, while SMS notifications are on in Settings, where this Ferry service has an SMS provider.",
  },
};

export interface SampleAlertRule {
  readonly name: string;
  readonly condition: AlertRuleCondition;
  readonly method: AlertMethod;
  readonly isEnabled: boolean;
}

/** The visitor's sample rules: one or more of each type, by e-mail and by SMS. */
export const SAMPLE_ALERT_RULES: readonly SampleAlertRule[] = [
  {
    name: "Large transfers",
    condition: { type: "transaction", currency: "USD", amount: "1000", direction: "outgoing" },
    method: "email",
    isEnabled: true,
  },
  {
    name: "Crypto received",
    condition: { type: "transaction", currency: "BTC", amount: "0.01", direction: "incoming" },
    method: "sms",
    isEnabled: true,
  },
  {
    name: "Low balance",
    condition: { type: "balance", currency: "EUR", amount: "100" },
    method: "email",
    isEnabled: true,
  },
  {
    name: "Account security",
    condition: { type: "security", events: ["new_device", "password_changed"] },
    method: "sms",
    isEnabled: false,
  },
];
