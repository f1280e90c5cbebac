import type { TransferDestination } from "@ferry/core/contracts/transfers";
import { nationalFieldsOf } from "@ferry/core/validation/bank-account";
import type { ResolvedTarget } from "./targets.ts";

/**
 * The destination the sender compares before asking for a code (issue 19), read from the same snapshot
 * the code binds and the transfer row keeps: the stored, normalised details, never what was typed.
 * A cash-out shows its payment method like a recipient of the same kind. A transfer's own page shows
 * its row the same way (activity.ts): the row keeps the snapshot's columns.
 */
export function destinationShownFor(
  target: Pick<ResolvedTarget, "feeMethod" | "snapshot">,
  currency: string,
): TransferDestination {
  const { snapshot } = target;
  if (target.feeMethod === "ferry_user") {
    return { kind: "ferry_user", name: snapshot.recipient_name, email: snapshot.recipient_email };
  }
  if (target.feeMethod === "crypto") {
    // A crypto destination is saved only with both; a row without them is broken, not a zero address.
    if (!snapshot.crypto_address || !snapshot.crypto_network) {
      throw new Error("Destination invariant: a crypto destination has no address or network");
    }
    return { kind: "crypto", network: snapshot.crypto_network, address: snapshot.crypto_address };
  }
  if (!snapshot.recipient_account_number) {
    throw new Error("Destination invariant: a bank destination has no account number");
  }
  return {
    kind: "bank",
    name: snapshot.recipient_name,
    accountNumber: snapshot.recipient_account_number,
    bankName: snapshot.recipient_bank_name,
    country: snapshot.recipient_country,
    swiftCode: snapshot.recipient_swift_code,
    ...nationalFieldsOf(snapshot.recipient_country ?? "", currency, snapshot.recipient_bank_code),
  };
}
