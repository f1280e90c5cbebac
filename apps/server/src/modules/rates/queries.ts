import type { RateCurrency } from "@ferry/core/display-currency";
import type { Database } from "../../db/database.ts";

/** Every pair's row of the rates table. */
export function selectRates(db: Database) {
  return db
    .selectFrom("rates")
    .select(["from_currency", "to_currency", "rate", "fee_basis_points", "updated_at"])
    .execute();
}

/** One pair's row; `isLocked` takes its row lock until the caller's transaction ends. */
export function selectRate(db: Database, from: RateCurrency, to: RateCurrency, isLocked = false) {
  const query = db
    .selectFrom("rates")
    .select(["from_currency", "to_currency", "rate", "fee_basis_points", "updated_at"])
    .where("from_currency", "=", from)
    .where("to_currency", "=", to);
  return (isLocked ? query.forUpdate() : query).executeTakeFirst();
}

/** Sets one pair's rate and fee, recording who set it and when; returns the row as written. */
export function updateRate(
  db: Database,
  pair: { from: RateCurrency; to: RateCurrency },
  values: { rate: string; feeBasisPoints: number; updatedBy: string; updatedAt: Date },
) {
  return db
    .updateTable("rates")
    .set({
      rate: values.rate,
      fee_basis_points: values.feeBasisPoints,
      updated_by: values.updatedBy,
      updated_at: values.updatedAt,
    })
    .where("from_currency", "=", pair.from)
    .where("to_currency", "=", pair.to)
    .returning(["from_currency", "to_currency", "rate", "fee_basis_points", "updated_at"])
    .executeTakeFirstOrThrow();
}
