import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { DB } from "./schema.ts";

/**
 * The outboxes (decisions 023 and 039): a row per e-mail or text message, written in the caller's
 * transaction and delivered by a pg-boss job with retries. They share columns: id, status ('queued',
 * 'sent', 'failed'), attempts, next_attempt_at (a lease while an attempt runs), last_error, sent_at.
 */
export type OutboxTable = "mail_outbox" | "sms_outbox";

/** What one delivery attempt did. */
export type DeliveryOutcome = "sent" | "failed" | "already-settled";

/** How one outbox is delivered. */
export interface OutboxDelivery {
  readonly table: OutboxTable;
  /** How long one attempt holds its message: no other attempt sends it meanwhile. */
  readonly leaseSeconds: number;
  /** Attempts in all; after the last failure the row is `failed`. */
  readonly maxAttempts: number;
  readonly log: FastifyBaseLogger;
  /** What a message is called in logs and errors: "mail", "text message". */
  readonly noun: string;
}

/**
 * Claims a queued message for one attempt: counts it and leases it, so a second attempt at the same
 * message (a job retried while the first still runs) finds nothing. Undefined when the message is
 * not queued or another attempt holds it.
 */
async function claimRow<Row>(db: Kysely<DB>, outbox: OutboxDelivery, id: string): Promise<Row | undefined> {
  const result = await sql<Row>`
    UPDATE ${sql.table(outbox.table)}
    SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${outbox.leaseSeconds})
    WHERE id = ${id} AND status = 'queued' AND next_attempt_at <= now()
    RETURNING *`.execute(db);
  return result.rows[0];
}

async function statusOf(db: Kysely<DB>, table: OutboxTable, id: string): Promise<string | undefined> {
  const result = await sql<{ status: string }>`SELECT status FROM ${sql.table(table)} WHERE id = ${id}`.execute(db);
  return result.rows[0]?.status;
}

/** A failed attempt: released at once for the job's retry (after pg-boss's back-off), or `failed` after the last. */
async function recordFailure(db: Kysely<DB>, table: OutboxTable, id: string, isFinal: boolean, error: string) {
  await sql`
    UPDATE ${sql.table(table)}
    SET status = ${isFinal ? "failed" : "queued"}, last_error = ${error.slice(0, 500)}, next_attempt_at = now()
    WHERE id = ${id}`.execute(db);
}

/**
 * One attempt at one outbox message: `send` it and mark it sent. A message already sent or failed is
 * left alone, so a message id is delivered at most once however often its job runs. A failed send
 * throws (the job is retried with back-off) until the last attempt, which marks the message `failed`.
 */
export async function deliverOutboxMessage<Row extends { readonly attempts: number }>(
  db: Kysely<DB>,
  outbox: OutboxDelivery,
  id: string,
  send: (row: Row) => Promise<void>,
): Promise<DeliveryOutcome> {
  const row = await claimRow<Row>(db, outbox, id);
  if (!row) {
    if ((await statusOf(db, outbox.table, id)) === "queued") {
      // Another attempt holds it: this one fails and is retried once that lease has ended.
      throw new Error(`The ${outbox.noun} ${id} is being delivered by another attempt`);
    }
    return "already-settled";
  }
  try {
    await send(row);
  } catch (error) {
    const isFinal = row.attempts >= outbox.maxAttempts;
    outbox.log.warn({ err: error, id, attempts: row.attempts }, `${outbox.noun} delivery failed`);
    await recordFailure(db, outbox.table, id, isFinal, String((error as Error).message));
    if (isFinal) {
      return "failed";
    }
    throw error;
  }
  await sql`UPDATE ${sql.table(outbox.table)} SET status = 'sent', sent_at = now() WHERE id = ${id}`.execute(db);
  return "sent";
}
