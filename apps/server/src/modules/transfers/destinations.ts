import { maskAccountNumber } from "@ferry/core/contracts/payment-methods";
import type { TransferDetails } from "@ferry/core/contracts/transfers";
import { CRYPTO_CURRENCIES, type CurrencyCode } from "@ferry/core/currencies";
import { describeDestinationProblem } from "@ferry/core/validation/destination";
import { BANK_CURRENCIES, isNetworkAllowedForCurrency } from "@ferry/core/validation/networks";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import { type StoredDestinationRow, storedDestinationProblem } from "../../destination-rules.ts";
import { AppError } from "../../errors.ts";

/** The destination's details as the transfer row keeps them, whatever happens to the destination later. */
type DestinationSnapshot = Pick<
  DB["transfers"],
  | "recipient_email"
  | "recipient_name"
  | "recipient_bank_name"
  | "recipient_country"
  | "recipient_account_number"
  | "recipient_swift_code"
  | "recipient_bank_code"
  | "crypto_address"
  | "crypto_network"
>;

/** Where the money of a transfer goes, resolved and checked against the sender. */
export interface ResolvedTarget {
  readonly method: "bank" | "crypto" | "ferry_user" | "withdrawal";
  /** Which fee applies: a cash-out is priced like a transfer of its payment method's kind. */
  readonly feeMethod: "bank" | "crypto" | "ferry_user";
  readonly paymentMethodId: string | null;
  readonly recipientKey: string;
  readonly recipientId: string | null;
  readonly recipientUserId: string | null;
  readonly snapshot: DestinationSnapshot;
}

/**
 * Where the money goes, in words for the transfer-code e-mail, so the owner approves the destination
 * itself and not only a name (dynamic linking: the code is bound to these details). A crypto address is
 * shown whole: it is the only thing that says where coins go. An account number shows its last 4 digits.
 */
export function describeDestination(snapshot: DestinationSnapshot): string | null {
  if (snapshot.crypto_address) {
    return `${snapshot.crypto_network ?? "crypto"} address ${snapshot.crypto_address}`;
  }
  if (snapshot.recipient_account_number) {
    const bank = [snapshot.recipient_bank_name, snapshot.recipient_country].filter(Boolean).join(", ");
    const account = `account ${maskAccountNumber(snapshot.recipient_account_number)}`;
    return bank ? `${account} (${bank})` : account;
  }
  return null;
}

/** Resolves the destination of `details` for `senderId`, refusing one they may not send these details to. */
export async function resolveTarget(db: Database, senderId: string, details: TransferDetails): Promise<ResolvedTarget> {
  const { currency } = details;
  const { target } = details;
  if (target.method === "ferry_user") {
    return resolveFerryUser(db, senderId, target.recipientEmail);
  }
  if (target.method === "withdrawal") {
    return resolvePaymentMethod(db, senderId, target.paymentMethodId, currency);
  }
  return resolveRecipient(db, senderId, target, currency);
}

/**
 * How a sender sees another Ferry account's holder (issue 24): the first name and the last name's
 * initial, "Jane D.", enough to recognise a friend without handing anyone who types an e-mail the
 * holder's full name. A first name alone is shown as it is; without a first name, the e-mail the
 * sender typed stands in. Migration 016_masked_ferry_recipients.sql applies the same rule in SQL to
 * transfers made before it, so the two must stay alike: trimmed names, one code point as the initial.
 */
export function maskedNameOf(firstName: string | null, lastName: string | null, email: string): string {
  const first = (firstName ?? "").trim();
  const last = (lastName ?? "").trim();
  if (!first) {
    return email;
  }
  const initial = Array.from(last)[0];
  return initial ? `${first} ${initial}.` : first;
}

/** Another Ferry user, by e-mail: not banned, and not the sender. Their name is kept only masked. */
async function resolveFerryUser(db: Database, senderId: string, recipientEmail: string): Promise<ResolvedTarget> {
  const recipient = await db
    .selectFrom("user")
    .leftJoin("profiles", "profiles.user_id", "user.id")
    .select(["user.id", "user.email", "user.banned", "profiles.first_name", "profiles.last_name"])
    .where("user.email", "=", recipientEmail)
    .executeTakeFirst();
  if (!recipient || recipient.banned) {
    throw new AppError("not_found", "No Ferry user has that e-mail address", {
      "target.recipientEmail": "No Ferry user has that e-mail address",
    });
  }
  if (recipient.id === senderId) {
    throw new AppError("validation_failed", "You cannot send money to yourself", {
      "target.recipientEmail": "You cannot send money to yourself",
    });
  }
  // Only the masked name is kept with the transfer: the quote, the code e-mail, the transfer and its
  // notifications all read it from there, so none of them can show the sender the full name.
  const name = maskedNameOf(recipient.first_name, recipient.last_name, recipient.email);
  return {
    method: "ferry_user",
    feeMethod: "ferry_user",
    paymentMethodId: null,
    recipientKey: `user:${recipient.id}`,
    recipientId: null,
    recipientUserId: recipient.id,
    snapshot: {
      recipient_email: recipient.email,
      recipient_name: name,
      recipient_bank_name: null,
      recipient_country: null,
      recipient_account_number: null,
      recipient_swift_code: null,
      recipient_bank_code: null,
      crypto_address: null,
      crypto_network: null,
    },
  };
}

/** One of the sender's saved bank or crypto recipients, who must be able to receive `currency`. */
async function resolveRecipient(
  db: Database,
  senderId: string,
  target: { method: "bank" | "crypto"; recipientId: string },
  currency: CurrencyCode,
): Promise<ResolvedTarget> {
  // A saved recipient of someone else is reported exactly like a missing one.
  const recipient = await db
    .selectFrom("recipients")
    .selectAll()
    .where("id", "=", target.recipientId)
    .where("user_id", "=", senderId)
    .where("type", "=", target.method)
    // Held until the caller's transaction ends, so the code checked or issued there binds these details.
    .forShare()
    .executeTakeFirst();
  if (!recipient) {
    throw new AppError("not_found", "Recipient not found");
  }
  const allowedCurrencies: readonly string[] = target.method === "bank" ? BANK_CURRENCIES : CRYPTO_CURRENCIES;
  if (!allowedCurrencies.includes(currency)) {
    const message = `${currency} cannot be sent by ${target.method === "bank" ? "bank transfer" : "cryptocurrency"}`;
    throw new AppError("validation_failed", message, { currency: message });
  }
  if (target.method === "crypto" && !isNetworkAllowedForCurrency(currency, recipient.crypto_network ?? "")) {
    const message = `${currency} cannot be sent on the recipient's network (${recipient.crypto_network})`;
    throw new AppError("validation_failed", message, { currency: message });
  }
  refuseDetailsFailingTodaysRules(recipient, "target.recipientId");
  return {
    method: target.method,
    feeMethod: target.method,
    paymentMethodId: null,
    recipientKey: `recipient:${recipient.id}`,
    recipientId: recipient.id,
    recipientUserId: null,
    snapshot: {
      recipient_email: recipient.email,
      recipient_name: recipient.name,
      recipient_bank_name: recipient.bank_name,
      recipient_country: recipient.country,
      recipient_account_number: recipient.account_number,
      recipient_swift_code: recipient.swift_code,
      recipient_bank_code: recipient.bank_code,
      crypto_address: recipient.crypto_address,
      crypto_network: recipient.crypto_network,
    },
  };
}

/** A cash-out goes to one of the sender's own payment methods, in that method's currency. */
async function resolvePaymentMethod(
  db: Database,
  senderId: string,
  paymentMethodId: string,
  currency: CurrencyCode,
): Promise<ResolvedTarget> {
  const method = await db
    .selectFrom("payment_methods")
    .innerJoin("user", "user.id", "payment_methods.user_id")
    .select([
      "payment_methods.id",
      "payment_methods.name",
      "payment_methods.address_type",
      "payment_methods.currency",
      "payment_methods.bank_name",
      "payment_methods.country",
      "payment_methods.account_number",
      "payment_methods.swift_code",
      "payment_methods.bank_code",
      "payment_methods.crypto_address",
      "payment_methods.crypto_network",
      "user.email",
    ])
    .where("payment_methods.id", "=", paymentMethodId)
    .where("payment_methods.user_id", "=", senderId)
    // An edit waits for the caller's transaction, so the code checked or issued there binds these details.
    .forShare("payment_methods")
    .executeTakeFirst();
  if (!method) {
    throw new AppError("not_found", "Payment method not found");
  }
  if (method.currency !== currency) {
    const message = `This payment method receives ${method.currency}, not ${currency}`;
    throw new AppError("validation_failed", message, { currency: message });
  }
  refuseDetailsFailingTodaysRules(method, "target.paymentMethodId");
  return {
    method: "withdrawal",
    feeMethod: method.address_type,
    paymentMethodId: method.id,
    recipientKey: `payment-method:${method.id}`,
    recipientId: null,
    recipientUserId: null,
    snapshot: {
      recipient_email: method.email,
      recipient_name: method.name,
      recipient_bank_name: method.bank_name,
      recipient_country: method.country,
      recipient_account_number: method.account_number,
      recipient_swift_code: method.swift_code,
      recipient_bank_code: method.bank_code,
      crypto_address: method.crypto_address,
      crypto_network: method.crypto_network,
    },
  };
}

/**
 * A destination saved under older rules that fails today's is refused here, where every quote, code
 * request and transfer (Send Money and cash-out alike) resolves it: money sent to it may be lost for
 * good, so it cannot be paid until the owner edits it (a payment method) or saves corrected details again.
 */
function refuseDetailsFailingTodaysRules(row: StoredDestinationRow, field: string): void {
  const problem = storedDestinationProblem(row);
  if (problem !== null) {
    const message = describeDestinationProblem(problem);
    throw new AppError("validation_failed", message, { [field]: message });
  }
}
