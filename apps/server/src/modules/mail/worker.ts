import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type pg from "pg";
import { MAIL_CHANNEL } from "./outbox.ts";

export interface MailWorker {
  /** Delivers what is due now; resolves with how many messages were sent. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

const BATCH_SIZE = 20;
const MAX_ATTEMPTS = 5;
const POLL_INTERVAL_MS = 2_000;

interface OutboxRow {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
}

/**
 * Delivers the outbox over SMTP. Rows are claimed with SKIP LOCKED so several server processes can
 * run workers side by side; a failed send is retried with backoff up to MAX_ATTEMPTS, then marked failed.
 */
export function startMailWorker(options: {
  pool: pg.Pool;
  smtpUrl: string;
  from: string;
  log: FastifyBaseLogger;
}): MailWorker {
  const transport = nodemailer.createTransport(options.smtpUrl);
  let isStopped = false;
  let running: Promise<number> | null = null;
  let listener: pg.PoolClient | null = null;

  async function deliverBatch(): Promise<number> {
    const claimed = await options.pool.query<OutboxRow>(
      `UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = now() + interval '60 seconds'
       WHERE id IN (
         SELECT id FROM mail_outbox WHERE status = 'queued' AND next_attempt_at <= now()
         ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING id, recipient, subject, text_body, html_body, attempts`,
      [BATCH_SIZE],
    );
    let sent = 0;
    for (const row of claimed.rows) {
      try {
        await transport.sendMail({
          from: options.from,
          to: row.recipient,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
        });
        await options.pool.query("UPDATE mail_outbox SET status = 'sent', sent_at = now() WHERE id = $1", [row.id]);
        sent += 1;
      } catch (error) {
        const isFinal = row.attempts >= MAX_ATTEMPTS;
        options.log.warn({ err: error, mailId: row.id, attempts: row.attempts }, "mail delivery failed");
        await options.pool.query(
          `UPDATE mail_outbox SET status = $2, last_error = $3,
             next_attempt_at = now() + make_interval(secs => power(2, attempts)::int * 5) WHERE id = $1`,
          [row.id, isFinal ? "failed" : "queued", String((error as Error).message).slice(0, 500)],
        );
      }
    }
    return sent;
  }

  async function drainOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const sent = await deliverBatch();
      total += sent;
      if (sent < BATCH_SIZE) {
        return total;
      }
    }
  }

  function drain(): Promise<number> {
    if (!running) {
      running = drainOnce().finally(() => {
        running = null;
      });
    }
    return running;
  }

  function wake(): void {
    if (!isStopped) {
      drain().catch((error) => options.log.error({ err: error }, "mail worker failed"));
    }
  }

  const timer = setInterval(wake, POLL_INTERVAL_MS);
  options.pool
    .connect()
    .then(async (client) => {
      listener = client;
      client.on("notification", wake);
      await client.query(`LISTEN ${MAIL_CHANNEL}`);
      if (isStopped) {
        client.release();
      }
    })
    .catch((error) => options.log.warn({ err: error }, "mail worker could not LISTEN; polling only"));
  wake();

  return {
    drain,
    async stop() {
      isStopped = true;
      clearInterval(timer);
      await running?.catch(() => 0);
      if (listener) {
        listener.removeAllListeners("notification");
        await listener.query(`UNLISTEN ${MAIL_CHANNEL}`).catch(() => {});
        listener.release();
        listener = null;
      }
      transport.close();
    },
  };
}
