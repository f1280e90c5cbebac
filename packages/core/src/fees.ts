/**
 * Fees are a rate in basis points (1 bp = 0.01 %) of the amount, rounded UP to the currency's minor
 * unit: Ferry never charges less than its rate, so a non-zero rate on a positive amount always costs at
 * least one minor unit (0.5 % of 0.99 USD is 0.00495 USD, charged as 0.01 USD), and amounts cannot be
 * split into fee-free pieces. An exact product is not rounded: 0.5 % of 20.00 USD is 0.10 USD.
 * A zero rate (Ferry-user transfers by default) costs nothing.
 */
export function computeFee(amountMinor: bigint, feeBasisPoints: number): bigint {
  if (!Number.isInteger(feeBasisPoints) || feeBasisPoints < 0 || feeBasisPoints > 10_000) {
    throw new RangeError(`Fee rate must be a whole number of basis points from 0 to 10000, got ${feeBasisPoints}`);
  }
  if (amountMinor <= 0n) {
    throw new RangeError("Fee is computed on a positive amount");
  }
  // Ceiling division of non-negative integers: (a + b - 1) / b.
  return (amountMinor * BigInt(feeBasisPoints) + 9_999n) / 10_000n;
}
