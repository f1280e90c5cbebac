import { isTestBic } from "@ferry/core/validation/bank-account";
import { findStoredDestinationProblem } from "@ferry/core/validation/destination";
import { BANK_MESSAGES } from "@ferry/core/validation/messages";
import type { Config } from "../../config.ts";
import { AppError } from "../../errors.ts";

/*
 * The destination rules as this server applies them. Core's schemas let SWIFT test codes (eighth
 * character "0") through, so sandboxes and tests can use them; no bank receives a payment at one, so
 * a production server refuses them when a destination is saved and when a saved one is paid.
 */

/** Whether the server is a production one: the only setting these rules read. */
export type DestinationRulesConfig = Pick<Config, "isProduction">;

/** Whether SWIFT test codes are accepted: everywhere but production. */
export function allowsTestBic(config: DestinationRulesConfig): boolean {
  return !config.isProduction;
}

/** A saved recipient's or payment method's destination columns. */
export interface StoredDestinationRow {
  readonly currency: string;
  readonly country: string | null;
  readonly account_number: string | null;
  readonly swift_code: string | null;
  readonly bank_code: string | null;
  readonly crypto_network: string | null;
  readonly crypto_address: string | null;
}

/** Why a saved destination fails today's rules (core's `findStoredDestinationProblem`), or null. */
export function storedDestinationProblem(row: StoredDestinationRow, config: DestinationRulesConfig): string | null {
  return findStoredDestinationProblem(
    {
      currency: row.currency,
      country: row.country,
      accountNumber: row.account_number,
      swiftCode: row.swift_code,
      bankCode: row.bank_code,
      cryptoNetwork: row.crypto_network,
      cryptoAddress: row.crypto_address,
    },
    { allowTestBic: allowsTestBic(config) },
  );
}

/** Refuses a SWIFT test code being saved on a production server, with the message on `swiftCode`. */
export function refuseTestBic(swiftCode: string, config: DestinationRulesConfig): void {
  if (!allowsTestBic(config) && isTestBic(swiftCode)) {
    throw new AppError("validation_failed", BANK_MESSAGES.testBic, { swiftCode: BANK_MESSAGES.testBic });
  }
}
