import { useEffect, useState } from "react";

/**
 * Whole seconds left until `expiresAtMs` (this browser's clock), ticking once a second; 0 once it is
 * over, and 0 for null. A quote's countdown: the exchange dialog's and Send Money's when it pays from
 * another balance.
 */
export function useSecondsLeft(expiresAtMs: number | null): number {
  const [nowMs, setNowMs] = useState(() => Date.now());
  useEffect(() => {
    if (expiresAtMs === null) {
      return;
    }
    setNowMs(Date.now());
    const timer = setInterval(() => setNowMs(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [expiresAtMs]);
  if (expiresAtMs === null) {
    return 0;
  }
  return Math.max(0, Math.ceil((expiresAtMs - nowMs) / 1_000));
}
