import { describeAlertCondition } from "@ferry/core/alert-rules";
import {
  ALERT_MESSAGES,
  type AlertMethod,
  type AlertMethodAvailability,
  type AlertMethodRefusal,
  type AlertRule,
  type AlertRuleCondition,
  type AlertRuleList,
  type AlertRuleListQuery,
  type AlertRuleRequest,
  MAX_ALERT_RULES_PER_USER,
  SECURITY_EVENTS,
  type SecurityEvent,
} from "@ferry/core/contracts/alerts";
import type { CurrencyCode } from "@ferry/core/currencies";
import { type Money, toDecimalString } from "@ferry/core/money";
import { decodeCursor } from "../../db/cursor.ts";
import type { Database } from "../../db/database.ts";
import { keysetCursorOf, paginate } from "../../db/page.ts";
import { selectUserEmail } from "../../db/users.ts";
import { AppError } from "../../errors.ts";
import { readAmountMinor } from "../../http/amount.ts";
import { readerFor } from "../../i18n/translator.ts";
import { availableMinorOf } from "../ledger/service.ts";
import { alertRuleMail, enqueueMail } from "../mail/service.ts";
import { createNotification } from "../notifications/service.ts";
import { notificationSettingsOf, preferencesOf } from "../settings/service.ts";
import { sendSms, smsReachOf } from "../sms/service.ts";
import {
  type AlertWording,
  balanceAlert,
  type NewDeviceFacts,
  securityAlert,
  transactionAlert,
} from "./alert-texts.ts";
import {
  type AlertRuleColumns,
  type AlertRuleRow,
  type AlertRuleWithFirings,
  countAlertRules,
  deleteAlertRuleRow,
  deleteAlertRulesOf,
  insertAlertRule,
  insertFiring,
  lockUserAlertRules,
  selectAlertRule,
  selectAlertRules,
  selectBalanceRulesForUpdate,
  selectRulesForMovementForUpdate,
  selectSecurityRules,
  selectUsersWithRules,
  updateAlertRuleRow,
  updateFiringDelivery,
  updateIsBelow,
} from "./queries.ts";

/*
 * Alert rules (issue 14; docs/decisions/020-alert-rules.md). The CRUD of a user's own rules, and
 * `notifyAlertRules`, which the modules where things happen (transfers, deposits, exchange,
 * investments, auth) call in the transaction of the event: a rule that matches fires once per event
 * (a unique key per rule and event), as an in-app notification plus a message by the rule's method.
 * This module imports none of those callers: they describe their event with the types below.
 */

function availabilityOf(method: AlertMethod, refusal: AlertMethodRefusal | null): AlertMethodAvailability {
  if (refusal === null) {
    return { method, isAvailable: true, unavailableBecause: null, unavailableReason: null };
  }
  return {
    method,
    isAvailable: false,
    unavailableBecause: refusal,
    unavailableReason: ALERT_MESSAGES.methodRefusals[refusal],
  };
}

/**
 * Which methods can reach the user now (issue 27): e-mail while it is on in their Notification
 * Preferences; SMS while it is on there, their profile has a phone number and Ferry has an SMS
 * provider. What the page offers and what the API accepts.
 */
async function methodAvailabilityOf(db: Database, userId: string): Promise<AlertMethodAvailability[]> {
  const isEmailOn = (await notificationSettingsOf(db, userId)).emailNotifications;
  const sms = await smsReachOf(db, userId);
  return [
    availabilityOf("email", isEmailOn ? null : "email_off"),
    availabilityOf("sms", sms.canSend ? null : sms.reason),
  ];
}

// ---------------------------------------------------------------------------------------------
// Events, as the modules where they happen report them.
// ---------------------------------------------------------------------------------------------

/** Money entered or left one of the user's wallets (a transfer, a deposit, one side of an exchange). */
export interface MoneyMovedEvent {
  readonly kind: "money_moved";
  readonly userId: string;
  /** Names this movement and side for good: the same key never fires a rule twice. */
  readonly eventKey: string;
  readonly movement: "transfer" | "deposit" | "exchange";
  readonly direction: "incoming" | "outgoing";
  readonly money: Money;
  /** Whom the money went to or came from, when there is someone to name. */
  readonly counterparty?: string;
}

/** A wallet's available balance changed without a movement a transaction rule watches (an investment, a reserve). */
export interface BalanceChangedEvent {
  readonly kind: "balance_changed";
  readonly userId: string;
  readonly eventKey: string;
  readonly currency: CurrencyCode;
}

/** Something happened to the account's security. */
export interface SecurityAlertEvent {
  readonly kind: "security";
  readonly userId: string;
  readonly eventKey: string;
  readonly event: SecurityEvent;
  /** For a new device: which one, and the address it signed in from (worded for each reader). */
  readonly newDevice?: NewDeviceFacts;
}

export type AlertEvent = MoneyMovedEvent | BalanceChangedEvent | SecurityAlertEvent;

interface AlertContent {
  readonly type: "info" | "warning";
  /** Its words for a reader: English in the bell, the owner's language by e-mail and SMS. */
  readonly write: AlertWording;
}

/** Which of these users have any alert rule at all, in one read. */
export function usersWithAlertRules(db: Database, userIds: readonly string[]): Promise<ReadonlySet<string>> {
  return selectUsersWithRules(db, userIds);
}

/**
 * Fires the user's rules that `events` match, in the caller's transaction (pass the transaction of the
 * event, so the alert exists exactly when the event commits). A transaction rule fires on a movement of
 * at least its amount; a balance rule when the available balance falls below its amount (once, until it
 * is back at or above it); a security rule on the events it names. Each rule fires at most once per
 * event key, however often an event is reported.
 */
export async function notifyAlertRules(
  db: Database,
  events: AlertEvent | readonly AlertEvent[],
  /** Which of the events' users have rules, when read already (`usersWithAlertRules`, a batch). */
  knownUsersWithRules?: ReadonlySet<string>,
): Promise<void> {
  let list: readonly AlertEvent[] = Array.isArray(events) ? events : [events as AlertEvent];
  if (knownUsersWithRules || list.length > 1) {
    // Most people have no rule: one read for all the events' users, then only theirs are looked at.
    const withRules =
      knownUsersWithRules ?? (await usersWithAlertRules(db, [...new Set(list.map((event) => event.userId))]));
    list = list.filter((event) => withRules.has(event.userId));
  }
  for (const event of list) {
    switch (event.kind) {
      case "money_moved": {
        const rules = await selectRulesForMovementForUpdate(db, {
          userId: event.userId,
          currency: event.money.currency,
          direction: event.direction,
          amountMinor: event.money.amountMinor,
        });
        await fireTransactionRules(
          db,
          event,
          rules.filter((rule) => rule.type === "transaction"),
        );
        await followBalanceRules(
          db,
          event,
          event.money.currency,
          rules.filter((rule) => rule.type === "balance"),
        );
        break;
      }
      case "balance_changed": {
        const rules = await selectBalanceRulesForUpdate(db, event.userId, event.currency);
        await followBalanceRules(db, event, event.currency, rules);
        break;
      }
      case "security":
        await fireSecurityRules(db, event);
        break;
    }
  }
}

async function fireTransactionRules(db: Database, event: MoneyMovedEvent, rules: readonly AlertRuleRow[]) {
  for (const rule of rules) {
    await fire(db, rule, event.eventKey, { type: "info", write: transactionAlert(event, conditionOf(rule)) });
  }
}

/** Balance rules follow the available balance; each fires when it falls below its amount. */
async function followBalanceRules(
  db: Database,
  event: { userId: string; eventKey: string },
  currency: CurrencyCode,
  rules: readonly AlertRuleRow[],
) {
  if (rules.length === 0) {
    return;
  }
  const availableMinor = await availableMinorOf(db, event.userId, currency);
  for (const rule of rules) {
    const thresholdMinor = BigInt(rule.amount ?? "0");
    const isBelow = availableMinor < thresholdMinor;
    if (isBelow === rule.is_below) {
      continue;
    }
    await updateIsBelow(db, rule.id, isBelow);
    if (isBelow && rule.is_enabled) {
      await fire(db, rule, event.eventKey, {
        type: "warning",
        write: balanceAlert({ currency, availableMinor, thresholdMinor }),
      });
    }
  }
}

async function fireSecurityRules(db: Database, event: SecurityAlertEvent): Promise<void> {
  const rules = await selectSecurityRules(db, event.userId, event.event);
  for (const rule of rules) {
    await fire(db, rule, event.eventKey, { type: "warning", write: securityAlert(event.event, event.newDevice) });
  }
}

/** What a firing delivered by the rule's method (alert_firings.delivery, migration 029). */
type Delivery =
  | "email_queued"
  | "email_off"
  | "sms_queued"
  | "sms_off"
  | "sms_no_phone"
  | "sms_unavailable"
  | "not_delivered";

/** A text message is kept to two SMS segments; the full text is in the in-app notification. */
const MAX_SMS_CHARACTERS = 300;

/**
 * Sends the firing's message by the rule's method, in the event's transaction, and says what really
 * happened: e-mail the owner turned off is not queued (modules/mail decides), SMS goes only while it
 * is on, a phone number is set and Ferry has a provider (modules/sms decides).
 */
async function deliver(db: Database, rule: AlertRuleRow, content: AlertContent): Promise<Delivery> {
  if (rule.method === "sms") {
    const { language, timeZone } = await preferencesOf(db, rule.user_id);
    const text = `Ferry: ${content.write(readerFor(language, timeZone)).message}`;
    const clipped = text.length > MAX_SMS_CHARACTERS ? `${text.slice(0, MAX_SMS_CHARACTERS - 1)}…` : text;
    return sendSms(db, rule.user_id, clipped);
  }
  const email = await selectUserEmail(db, rule.user_id);
  if (!email) {
    return "not_delivered";
  }
  const condition = conditionOf(rule);
  const mail = alertRuleMail(email, (reader) => ({
    ...content.write(reader),
    rule: describeAlertCondition(condition, reader),
  }));
  return (await enqueueMail(db, mail)) ? "email_queued" : "email_off";
}

/**
 * One firing: recorded under the (rule, event) key first, so an event reported twice delivers once;
 * then the in-app notification, and the message by the rule's method, whose outcome the firing keeps.
 */
async function fire(db: Database, rule: AlertRuleRow, eventKey: string, content: AlertContent): Promise<void> {
  const firingId = await insertFiring(db, {
    alert_rule_id: rule.id,
    user_id: rule.user_id,
    event_key: eventKey,
    method: rule.method,
    delivery: "not_delivered",
  });
  if (firingId === null) {
    return;
  }
  await createNotification(db, { userId: rule.user_id, type: content.type, write: content.write });
  const delivery = await deliver(db, rule, content);
  const refusal = delivery in ALERT_MESSAGES.methodRefusals ? (delivery as AlertMethodRefusal) : null;
  await updateFiringDelivery(db, firingId, {
    delivery,
    delivery_note: refusal ? ALERT_MESSAGES.methodRefusals[refusal] : null,
  });
}

// ---------------------------------------------------------------------------------------------
// The user's rules.
// ---------------------------------------------------------------------------------------------

function requireColumn<T>(value: T | null, column: string, rule: AlertRuleRow): T {
  if (value === null) {
    // The table's CHECK constraints make this impossible; a row that breaks them is a bug, not input.
    throw new Error(`alert rule ${rule.id} of type ${rule.type} has no ${column}`);
  }
  return value;
}

function isSecurityEvent(value: string): value is SecurityEvent {
  return (SECURITY_EVENTS as readonly string[]).includes(value);
}

function conditionOf(rule: AlertRuleRow): AlertRuleCondition {
  if (rule.type === "security") {
    return { type: "security", events: requireColumn(rule.security_events, "events", rule).filter(isSecurityEvent) };
  }
  const currency = requireColumn(rule.currency, "currency", rule);
  const amount = toDecimalString(BigInt(requireColumn(rule.amount, "amount", rule)), currency);
  if (rule.type === "balance") {
    return { type: "balance", currency, amount };
  }
  return { type: "transaction", currency, amount, direction: requireColumn(rule.direction, "direction", rule) };
}

function toAlertRule(row: AlertRuleWithFirings): AlertRule {
  const state = {
    id: row.id,
    method: row.method,
    isEnabled: row.is_enabled,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    lastFiredAt: row.last_fired_at === null ? null : new Date(row.last_fired_at).toISOString(),
    firedCount: Number(row.fired_count),
  };
  return { ...conditionOf(row), ...state } as AlertRule;
}

/**
 * The columns of an accepted request. A balance rule starts from where the balance is now, so one set
 * above the current balance fires on the next fall below it, not at once on creation.
 */
async function columnsOf(db: Database, userId: string, request: AlertRuleRequest): Promise<AlertRuleColumns> {
  const chosen = (await methodAvailabilityOf(db, userId)).find((entry) => entry.method === request.method);
  if (!chosen?.isAvailable) {
    const reason = chosen?.unavailableReason ?? ALERT_MESSAGES.methodRequired;
    throw new AppError("validation_failed", reason, { method: reason });
  }
  const common = { type: request.type, method: request.method, is_enabled: request.isEnabled };
  if (request.type === "security") {
    return {
      ...common,
      currency: null,
      amount: null,
      direction: null,
      security_events: request.events,
      is_below: false,
    };
  }
  const thresholdMinor = readAmountMinor(request.amount, request.currency);
  const isBelow =
    request.type === "balance" ? (await availableMinorOf(db, userId, request.currency)) < thresholdMinor : false;
  return {
    ...common,
    currency: request.currency,
    amount: thresholdMinor.toString(),
    direction: request.type === "transaction" ? request.direction : null,
    security_events: null,
    is_below: isBelow,
  };
}

async function readRule(db: Database, userId: string, id: string): Promise<AlertRule> {
  const row = await selectAlertRule(db, userId, id);
  if (!row) {
    throw new AppError("not_found", ALERT_MESSAGES.notFound);
  }
  return toAlertRule(row);
}

/** The user's rules, newest first (all of them by default), and which methods can deliver. */
export async function listAlertRules(db: Database, userId: string, query: AlertRuleListQuery): Promise<AlertRuleList> {
  const rows = await selectAlertRules(db, { userId, limit: query.limit, after: decodeCursor(query.cursor) });
  const page = paginate(rows, query.limit, keysetCursorOf, toAlertRule);
  return { ...page, methods: await methodAvailabilityOf(db, userId) };
}

/**
 * Saves a rule, refusing a method that cannot reach the user and the one past the cap. The count and the insert run
 * under a per-user lock, so requests sent together cannot all pass the same count.
 */
export async function createAlertRule(db: Database, userId: string, request: AlertRuleRequest): Promise<AlertRule> {
  return db.transaction().execute(async (trx) => {
    const columns = await columnsOf(trx, userId, request);
    await lockUserAlertRules(trx, userId);
    if ((await countAlertRules(trx, userId)) >= MAX_ALERT_RULES_PER_USER) {
      throw new AppError("conflict", ALERT_MESSAGES.tooMany);
    }
    return readRule(trx, userId, await insertAlertRule(trx, userId, columns));
  });
}

/** Replaces a rule of the user's (its type included); someone else's reads as missing. */
export async function updateAlertRule(
  db: Database,
  userId: string,
  id: string,
  request: AlertRuleRequest,
): Promise<AlertRule> {
  return db.transaction().execute(async (trx) => {
    if (!(await updateAlertRuleRow(trx, userId, id, await columnsOf(trx, userId, request)))) {
      throw new AppError("not_found", ALERT_MESSAGES.notFound);
    }
    return readRule(trx, userId, id);
  });
}

/** Deletes a rule of the user's; someone else's reads as missing. */
export async function deleteAlertRule(db: Database, userId: string, id: string): Promise<void> {
  if (!(await deleteAlertRuleRow(db, userId, id))) {
    throw new AppError("not_found", ALERT_MESSAGES.notFound);
  }
}

/** Deletes every alert rule of the user's, in the caller's transaction: their account is being closed. */
export async function deleteAllAlertRulesOf(trx: Database, userId: string): Promise<void> {
  await deleteAlertRulesOf(trx, userId);
}
