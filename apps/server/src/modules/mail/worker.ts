import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type pg from "pg";
import { isDatabaseUnavailableError } from "../../errors.ts";
import { MAIL_CHANNEL } from "./outbox.ts";

export interface MailWorker {
  /** Delivers what is due now; resolves with how many messages were sent. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

const BATCH_SIZE = 20;
const MAX_ATTEMPTS = 5;
const POLL_INTERVAL_MS = 2_000;
/** Back-off between attempts to LISTEN again after the connection was lost: doubling, capped. */
const LISTEN_RETRY_MIN_MS = 500;
const LISTEN_RETRY_MAX_MS = 30_000;

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

  // Logged once when delivery starts failing and once when it recovers, not every poll of an outage.
  let isFailing = false;
  function wake(): void {
    if (isStopped) {
      return;
    }
    drain().then(
      () => {
        if (isFailing) {
          isFailing = false;
          options.log.info("mail worker recovered");
        }
      },
      (error) => {
        if (isFailing) {
          return;
        }
        isFailing = true;
        if (isDatabaseUnavailableError(error)) {
          options.log.warn({ err: error }, "mail worker cannot reach the database; retrying");
        } else {
          options.log.error({ err: error }, "mail worker failed");
        }
      },
    );
  }

  // The LISTEN connection is checked out for the worker's whole life, so the pool never watches it:
  // when the server cuts it (restart, failover, pg_terminate_backend) the worker must notice, drop it
  // and LISTEN again with back-off. Polling carries on meanwhile, so no mail waits for it.
  let listenRetryMs = LISTEN_RETRY_MIN_MS;
  let listenTimer: NodeJS.Timeout | null = null;
  /** Removes the worker's own listeners from the LISTEN connection before it goes back to the pool. */
  let detachListener: () => void = () => {};

  function scheduleListen(): void {
    if (isStopped || listenTimer) {
      return;
    }
    listenTimer = setTimeout(() => {
      listenTimer = null;
      void listen();
    }, listenRetryMs);
    listenTimer.unref();
    listenRetryMs = Math.min(listenRetryMs * 2, LISTEN_RETRY_MAX_MS);
  }

  function dropListener(client: pg.PoolClient, error: Error): void {
    if (listener !== client) {
      return;
    }
    listener = null;
    detachListener();
    // Releasing with the error makes the pool destroy the connection instead of reusing it.
    client.release(error);
    options.log.warn({ err: error }, "mail worker lost its LISTEN connection; reconnecting");
    scheduleListen();
  }

  async function listen(): Promise<void> {
    let client: pg.PoolClient;
    try {
      client = await options.pool.connect();
    } catch {
      scheduleListen();
      return;
    }
    if (isStopped) {
      client.release();
      return;
    }
    listener = client;
    const onError = (error: Error) => dropListener(client, error);
    const onEnd = () => dropListener(client, new Error("Connection terminated"));
    client.on("error", onError);
    client.on("end", onEnd);
    client.on("notification", wake);
    detachListener = () => {
      client.removeListener("error", onError);
      client.removeListener("end", onEnd);
      client.removeListener("notification", wake);
    };
    try {
      await client.query(`LISTEN ${MAIL_CHANNEL}`);
    } catch (error) {
      dropListener(client, error as Error);
      return;
    }
    listenRetryMs = LISTEN_RETRY_MIN_MS;
    // Mail queued while the worker was not listening is picked up now rather than at the next poll.
    wake();
  }

  const timer = setInterval(wake, POLL_INTERVAL_MS);
  void listen();
  wake();

  return {
    drain,
    async stop() {
      isStopped = true;
      clearInterval(timer);
      if (listenTimer) {
        clearTimeout(listenTimer);
        listenTimer = null;
      }
      await running?.catch(() => 0);
      const client = listener;
      if (client) {
        listener = null;
        // A connection cut meanwhile fails the UNLISTEN; the pool then discards it rather than reusing it.
        const error = await client.query(`UNLISTEN ${MAIL_CHANNEL}`).then(
          () => undefined,
          (failure: Error) => failure,
        );
        detachListener();
        client.release(error);
      }
      transport.close();
    },
  };
}
