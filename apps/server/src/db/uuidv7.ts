import { randomFillSync } from "node:crypto";

/** Random bytes drawn 4 KiB at a time, as `crypto.randomUUID` does: a call each cost more than the rest. */
const randomPool = Buffer.alloc(4096);
let randomOffset = randomPool.length;

/**
 * A UUID of version 7 (RFC 9562): the Unix time in milliseconds in its first 48 bits, then random bits.
 * The ids PostgreSQL gives the rows every transfer writes (migration 037, decision 059), made in Node
 * where a statement must name a row before PostgreSQL has written it: a batch's ledger legs name their
 * transfer's id, and go out in the same round trip as the transfer's row (decision 055).
 */
export function uuidv7(now: number = Date.now()): string {
  if (randomOffset + 16 > randomPool.length) {
    randomFillSync(randomPool);
    randomOffset = 0;
  }
  const bytes = Buffer.from(randomPool.subarray(randomOffset, randomOffset + 16));
  randomOffset += 16;
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x70;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
