/*
 * What an alert says, for one reader (issue 29): the owner's e-mail and SMS in their language, with
 * amounts formatted for them; the in-app notification keeps English's words, which are the spec's.
 */
import { describeAlertCondition } from "@ferry/core/alert-rules";
import {
  type AlertRuleCondition,
  SECOND_FACTOR_FAILURES_PER_ALERT,
  type SecurityEvent,
} from "@ferry/core/contracts/alerts";
import { type DeviceParts, describeDevice } from "@ferry/core/contracts/sessions";
import type { CurrencyCode } from "@ferry/core/currencies";
import type { Money } from "@ferry/core/money";
import type { Reader } from "../../i18n/translator.ts";

/** A sign-in from a device the account had not used: the device as its user agent names it, and the address. */
export interface NewDeviceFacts {
  readonly device: DeviceParts;
  readonly ip: string;
}

/** An alert's title and message, written for a reader. */
export type AlertWording = (reader: Reader) => { title: string; message: string };

/** A movement of money that fired a transaction rule. */
export interface MovementFacts {
  readonly movement: "transfer" | "deposit" | "exchange";
  readonly direction: "incoming" | "outgoing";
  readonly money: Money;
  readonly counterparty?: string;
}

function describeMovement({ t, format }: Reader, event: MovementFacts): string {
  const amount = format.money(event.money);
  const isIncoming = event.direction === "incoming";
  const { counterparty } = event;
  switch (event.movement) {
    case "deposit":
      return t("A deposit of {amount} was added to your balance.", { amount });
    case "exchange":
      return isIncoming
        ? t("You bought {amount} in an exchange.", { amount })
        : t("You sold {amount} in an exchange.", { amount });
    case "transfer":
      if (isIncoming) {
        return counterparty
          ? t("You received {amount} from {counterparty}.", { amount, counterparty })
          : t("You received {amount}.", { amount });
      }
      return counterparty
        ? t("You sent {amount} to {counterparty}.", { amount, counterparty })
        : t("You sent {amount}.", { amount });
  }
}

/** A transaction rule fired by a movement of money. */
export function transactionAlert(event: MovementFacts, rule: AlertRuleCondition): AlertWording {
  return (reader) => ({
    title: reader.t("Transaction alert"),
    message: reader.t("{movement} Alert rule: {rule}.", {
      movement: describeMovement(reader, event),
      rule: describeAlertCondition(rule, reader),
    }),
  });
}

/** A balance rule fired by the available balance falling below its amount. */
export function balanceAlert(facts: { currency: CurrencyCode; availableMinor: bigint; thresholdMinor: bigint }) {
  const wording: AlertWording = ({ t, format }) => ({
    title: t("Balance alert"),
    message: t("Your available {currency} balance is {available}, below your alert's {threshold}.", {
      currency: facts.currency,
      available: format.money({ currency: facts.currency, amountMinor: facts.availableMinor }),
      threshold: format.money({ currency: facts.currency, amountMinor: facts.thresholdMinor }),
    }),
  });
  return wording;
}

/** A security rule fired by one of its events; `detail` names the new device. */
export function securityAlert(event: SecurityEvent, newDevice: NewDeviceFacts | undefined): AlertWording {
  return ({ t }) => {
    const detail = newDevice ? `${describeDevice(newDevice.device, t)}, ${newDevice.ip}` : undefined;
    const title = t("Security alert");
    switch (event) {
      case "new_device":
        return {
          title,
          message: detail
            ? t(
                "Your account was signed in from a new device ({detail}). If this wasn't you, reset your password now.",
                { detail },
              )
            : t("Your account was signed in from a new device. If this wasn't you, reset your password now."),
        };
      case "password_changed":
        return {
          title,
          message: t(
            "Your Ferry password was changed. If this wasn't you, reset your password now and contact support.",
          ),
        };
      case "second_factor_failures":
        return {
          title,
          message: t(
            "Wrong sign-in codes were entered for your account {count} or more times within an hour. The code is asked after the correct password: if this wasn't you, change your password now.",
            { count: SECOND_FACTOR_FAILURES_PER_ALERT },
          ),
        };
    }
  };
}
