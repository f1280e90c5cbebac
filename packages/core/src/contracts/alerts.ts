import { z } from "zod";
import {
  ALERT_MESSAGES,
  ALERT_METHOD_REFUSALS,
  ALERT_METHODS,
  MAX_ALERT_RULES_PER_USER,
  SECURITY_EVENTS,
  TRANSACTION_DIRECTIONS,
} from "../alert-rules.ts";
import { withPositiveAmount } from "../money.ts";
import { CurrencyCodeSchema, DecimalAmount } from "./balances.ts";
import { pageOf, pageQuery } from "./pagination.ts";
import { AmountText } from "./transfers.ts";

/*
 * The alert-rule API's schemas. The rules' kinds, limits, labels and wording are core's alert-rules.ts
 * (no zod there, for the pages that only show rules); they are exported here too for the API's users.
 */
export {
  ALERT_LABELS,
  ALERT_MESSAGES,
  ALERT_METHOD_REFUSALS,
  ALERT_METHODS,
  ALERT_RULE_TYPES,
  type AlertMethod,
  type AlertMethodRefusal,
  type AlertRuleCondition,
  type AlertRuleType,
  describeAlertCondition,
  MAX_ALERT_RULES_PER_USER,
  SECOND_FACTOR_FAILURES_PER_ALERT,
  SECURITY_EVENTS,
  type SecurityEvent,
  TRANSACTION_DIRECTIONS,
  type TransactionDirection,
} from "../alert-rules.ts";

const method = z.enum(ALERT_METHODS, { error: ALERT_MESSAGES.methodRequired });
const isEnabled = z.boolean().default(true);
const currency = z.enum(CurrencyCodeSchema.options, { error: ALERT_MESSAGES.currencyRequired });
const events = z
  .array(z.enum(SECURITY_EVENTS, { error: ALERT_MESSAGES.eventsRequired }), { error: ALERT_MESSAGES.eventsRequired })
  .min(1, ALERT_MESSAGES.eventsRequired)
  .max(SECURITY_EVENTS.length, ALERT_MESSAGES.eventsRepeated)
  .refine((chosen) => new Set(chosen).size === chosen.length, ALERT_MESSAGES.eventsRepeated);

const TransactionRuleFields = z.object({
  type: z.literal("transaction"),
  currency,
  /** The threshold: a movement of at least this much fires the rule. */
  amount: AmountText,
  direction: z.enum(TRANSACTION_DIRECTIONS, { error: ALERT_MESSAGES.directionRequired }),
  method,
  isEnabled,
});
const BalanceRuleFields = z.object({
  type: z.literal("balance"),
  currency,
  /** The threshold: the rule fires when the available balance falls below it. */
  amount: AmountText,
  method,
  isEnabled,
});
const SecurityRuleFields = z.object({ type: z.literal("security"), events, method, isEnabled });

/** A transfer, deposit or exchange of at least `amount` in `currency`, moving in `direction`. */
export const TransactionAlertRuleRequest = withPositiveAmount(TransactionRuleFields);
/** The available balance in `currency` falls below `amount`. */
export const BalanceAlertRuleRequest = withPositiveAmount(BalanceRuleFields);
/** Any of `events` happens to the account. */
export const SecurityAlertRuleRequest = SecurityRuleFields;

/** `POST /api/v1/alert-rules` and `PUT /api/v1/alert-rules/{alertRuleId}` (a PUT replaces the whole rule). */
export const AlertRuleRequest = z.discriminatedUnion("type", [
  TransactionAlertRuleRequest,
  BalanceAlertRuleRequest,
  SecurityAlertRuleRequest,
]);
export type AlertRuleRequest = z.infer<typeof AlertRuleRequest>;

const RuleState = {
  id: z.uuid(),
  isEnabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When the rule last fired, null before its first time. */
  lastFiredAt: z.string().nullable(),
  firedCount: z.number().int(),
};

/** A rule as the API returns it: what was asked (amounts in the currency's full scale) and how it fired. */
export const AlertRule = z.discriminatedUnion("type", [
  TransactionRuleFields.extend({ amount: DecimalAmount, ...RuleState }),
  BalanceRuleFields.extend({ amount: DecimalAmount, ...RuleState }),
  SecurityRuleFields.extend({ events: z.array(z.enum(SECURITY_EVENTS)), ...RuleState }),
]);
export type AlertRule = z.infer<typeof AlertRule>;

/**
 * Whether Ferry can deliver by a method to this person now, and if not, why: `unavailableBecause`
 * says which (for the page to link to Settings or Profile), `unavailableReason` says it in words.
 */
export const AlertMethodAvailability = z.object({
  method: z.enum(ALERT_METHODS),
  isAvailable: z.boolean(),
  unavailableBecause: z.enum(ALERT_METHOD_REFUSALS).nullable(),
  unavailableReason: z.string().nullable(),
});
export type AlertMethodAvailability = z.infer<typeof AlertMethodAvailability>;

/** Every rule of the user by default (newest first), and which methods can deliver today. */
export const AlertRuleListQuery = pageQuery({
  defaultLimit: MAX_ALERT_RULES_PER_USER,
  maxLimit: MAX_ALERT_RULES_PER_USER,
});
export type AlertRuleListQuery = z.infer<typeof AlertRuleListQuery>;
export const AlertRuleList = pageOf(AlertRule).extend({ methods: z.array(AlertMethodAvailability) });
export type AlertRuleList = z.infer<typeof AlertRuleList>;
export const AlertRuleIdParams = z.object({ alertRuleId: z.uuid() });
export type AlertRuleIdParams = z.infer<typeof AlertRuleIdParams>;
