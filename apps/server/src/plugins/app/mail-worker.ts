import fp from "fastify-plugin";
import type pg from "pg";
import { type MailWorker, startMailWorker } from "../../modules/mail/worker.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Delivers the mail outbox over SMTP; null without SMTP_URL (mail stays in the dev mailbox). */
    mailWorker: MailWorker | null;
  }
}

export interface MailWorkerOptions {
  readonly pool: pg.Pool;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
}

/** Starts the outbox's delivery when SMTP is configured, and stops it when the app closes. */
export default fp<MailWorkerOptions>(
  async (app, options) => {
    const mailWorker = options.smtpUrl
      ? startMailWorker({ pool: options.pool, smtpUrl: options.smtpUrl, from: options.mailFrom, log: app.log })
      : null;
    app.decorate("mailWorker", mailWorker);
    app.addHook("onClose", async () => {
      await mailWorker?.stop();
    });
  },
  { name: "ferry-mail-worker", fastify: "5.x" },
);
