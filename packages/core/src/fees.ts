/**
 * Fees are a rate in basis points (1 bp = 0.01 %) of the amount, rounded half up to the currency's
 * minor unit. The rounding is explicit: 0.5 % of 0.01 USD is 0.00005 USD, which rounds to 0.00 USD,
 * and 0.5 % of 1.00 USD is exactly 0.005 USD, which rounds up to 0.01 USD.
 */
export function computeFee(amountMinor: bigint, feeBasisPoints: number): bigint {
  if (!Number.isInteger(feeBasisPoints) || feeBasisPoints < 0 || feeBasisPoints > 10_000) {
    throw new RangeError(`Fee rate must be a whole number of basis points from 0 to 10000, got ${feeBasisPoints}`);
  }
  if (amountMinor <= 0n) {
    throw new RangeError("Fee is computed on a positive amount");
  }
  return (amountMinor * BigInt(feeBasisPoints) + 5_000n) / 10_000n;
}
