import { createHash } from "node:crypto";
import type { TransferTarget } from "@ferry/core/contracts/transfers";
import type { Database } from "../../db/database.ts";
import { clientAddressKey } from "../../http/client-address.ts";
import { countHits, enforceThrottle } from "../../http/throttle.ts";

/*
 * Looking up a Ferry user by e-mail (the quote, the code request and the transfer of Send Money's
 * "Ferry user" step) tells the sender whether the address has an account, and the holder's masked name.
 * So that nobody can walk a list of addresses through it, each account and each client address may look
 * up only so many distinct e-mails an hour (issue 24). Asking again about an e-mail looked up within
 * the hour is free: typing an amount re-quotes the same recipient many times.
 */

/** One hour: the window both limits count distinct e-mails in. */
const LOOKUP_WINDOW_SECONDS = 60 * 60;
/**
 * Distinct Ferry recipients one account may look up an hour. A person pays a handful of friends; 30
 * new ones within one hour is far beyond that, and caps a free account at 720 addresses a day.
 */
export const RECIPIENT_LOOKUPS_PER_ACCOUNT = 30;
/**
 * Distinct Ferry recipients one client address (an IPv6 /64 counted as one) may look up an hour,
 * whatever accounts it uses: an office or carrier NAT shares an address among many people, so it is
 * higher than one account's, yet it stops a farm of free accounts behind one address.
 */
export const RECIPIENT_LOOKUPS_PER_ADDRESS = 200;
/** A repeat look-up's record only says "seen"; it never refuses, so its ceiling is out of reach. */
const SEEN_MARKER_MAX = 1_000_000;

/** The e-mail as a short digest: the throttle table keeps counts, not the addresses looked up. */
function emailDigestOf(email: string): string {
  return createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 32);
}

/**
 * Counts a look-up of a Ferry user by e-mail against the sender's account and client address, and
 * refuses with 429 `rate_limited` (and Retry-After) when either has looked up its limit of distinct
 * e-mails in the last hour. A look-up of an e-mail this account asked about within the hour, any
 * target that is not a Ferry user, and a retry (`isRetry`, asked only when the rest would count) count
 * nothing.
 */
export async function enforceRecipientLookupLimit(
  db: Database,
  lookup: { userId: string; ip: string; target: TransferTarget; isRetry?: () => Promise<boolean> },
): Promise<void> {
  if (lookup.target.method !== "ferry_user") {
    return;
  }
  const seenKey = `recipient-lookup:seen:${lookup.userId}:${emailDigestOf(lookup.target.recipientEmail)}`;
  if ((await countHits(db, seenKey, LOOKUP_WINDOW_SECONDS)) > 0 || (await lookup.isRetry?.())) {
    return;
  }
  await enforceThrottle(db, [
    {
      key: `recipient-lookup:account:${lookup.userId}`,
      max: RECIPIENT_LOOKUPS_PER_ACCOUNT,
      windowSeconds: LOOKUP_WINDOW_SECONDS,
    },
    {
      key: `recipient-lookup:address:${clientAddressKey(lookup.ip)}`,
      max: RECIPIENT_LOOKUPS_PER_ADDRESS,
      windowSeconds: LOOKUP_WINDOW_SECONDS,
    },
    { key: seenKey, max: SEEN_MARKER_MAX, windowSeconds: LOOKUP_WINDOW_SECONDS },
  ]);
}
