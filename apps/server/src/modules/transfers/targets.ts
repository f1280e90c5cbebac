import { maskAccountNumber } from "@ferry/core/contracts/payment-methods";
import type { TransferDetails } from "@ferry/core/contracts/transfers";
import { sql } from "kysely";
import type { Config } from "../../config.ts";
import { compiledOnce } from "../../db/compiled-once.ts";
import type { Database } from "../../db/database.ts";
import { selectUserWithProfile, type UserWithProfileRow } from "../../db/users.ts";
import { AppError } from "../../errors.ts";
import { type DestinationSnapshot, resolveDestination } from "../destinations/service.ts";
import type { TransferDestination } from "../mail/service.ts";
import { FIRST_REVISION } from "./codes.ts";

/** Where the money of a transfer goes, resolved and checked against the sender. */
export interface ResolvedTarget {
  readonly method: "bank" | "crypto" | "ferry_user" | "withdrawal";
  /** Which fee applies: a cash-out is priced like a transfer of its payment method's kind. */
  readonly feeMethod: "bank" | "crypto" | "ferry_user";
  readonly paymentMethodId: string | null;
  readonly recipientKey: string;
  readonly recipientId: string | null;
  readonly recipientUserId: string | null;
  /** The destination's revision (modules/destinations): a code binds it, so an edit ends earlier codes. */
  readonly revision: number;
  readonly snapshot: DestinationSnapshot;
}

/**
 * Where the money goes, for the transfer-code e-mail to word in the reader's language, so the owner
 * approves the destination itself and not only a name (dynamic linking: the code is bound to these
 * details). A crypto address is shown whole: it is the only thing that says where coins go. An account
 * number shows its last 4 digits. None for a Ferry user.
 */
export function destinationOf(snapshot: DestinationSnapshot): TransferDestination | null {
  if (snapshot.crypto_address) {
    return { kind: "crypto", network: snapshot.crypto_network ?? "crypto", address: snapshot.crypto_address };
  }
  if (snapshot.recipient_account_number) {
    const bank = [snapshot.recipient_bank_name, snapshot.recipient_country].filter(Boolean).join(", ");
    return { kind: "bank", account: maskAccountNumber(snapshot.recipient_account_number), bank: bank || null };
  }
  return null;
}

/** Ferry users by their e-mail address, read at once for a batch of transfers (batcher.ts). */
export type FerryUsersByEmail = ReadonlyMap<string, UserWithProfileRow>;

/** The Ferry users these transfers are addressed to, in one statement. */
export async function readFerryUsersOf(db: Database, details: readonly TransferDetails[]): Promise<FerryUsersByEmail> {
  const emails = [
    ...new Set(details.flatMap(({ target }) => (target.method === "ferry_user" ? [target.recipientEmail] : []))),
  ];
  if (emails.length === 0) {
    return new Map();
  }
  const rows = await ferryUsersByEmails(db, emails);
  return new Map(rows.map((row) => [row.email, row]));
}

/** Compiled once, with the e-mails as one array: every batch of transfers reads it (issue 31). */
const ferryUsersByEmails = compiledOnce(
  (db: Database, emails: readonly string[]) =>
    selectUserWithProfile(db).where(sql<boolean>`"user".email = ANY(${emails})`),
  1,
);

/**
 * Resolves the destination of `details` for `senderId`, refusing one they may not send these details
 * to: another Ferry user here (from `ferryUsers` when a batch read them already), a saved recipient or
 * payment method through the destinations module, in one read of its row.
 */
export async function resolveTarget(
  db: Database,
  config: Config,
  senderId: string,
  details: TransferDetails,
  ferryUsers?: FerryUsersByEmail,
): Promise<ResolvedTarget> {
  const { target } = details;
  if (target.method === "ferry_user") {
    const recipient =
      ferryUsers?.get(target.recipientEmail) ??
      (await selectUserWithProfile(db).where("user.email", "=", target.recipientEmail).executeTakeFirst());
    return resolveFerryUser(senderId, recipient);
  }
  const destination = await resolveDestination(db, config, { userId: senderId, target }, details.currency);
  return {
    method: target.method,
    // A cash-out is priced like a transfer of its payment method's kind.
    feeMethod: destination.addressType,
    paymentMethodId: destination.paymentMethodId,
    recipientKey: destination.key,
    recipientId: destination.recipientId,
    recipientUserId: null,
    revision: destination.revision,
    snapshot: destination.snapshot,
  };
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
function resolveFerryUser(senderId: string, recipient: UserWithProfileRow | undefined): ResolvedTarget {
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
    revision: FIRST_REVISION,
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
