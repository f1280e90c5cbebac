// An SMTP server in the test process, for tests that prove a message really leaves Ferry over SMTP
// (mail-and-config.test.ts, admin.test.ts): Ferry is built with SMTP_URL pointing at it.
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { SMTPServer } from "smtp-server";
import { MAIL_DELIVERY_JOB } from "../../apps/server/src/jobs/mail-delivery.ts";
import type { TestApp } from "./helpers.ts";

export interface ReceivedMail {
  readonly from: string;
  readonly to: string[];
  readonly raw: string;
}

export interface TestSmtpServer {
  readonly server: SMTPServer;
  readonly port: number;
  readonly received: ReceivedMail[];
  /** Addresses whose next message is refused with a temporary failure (451), once each. */
  readonly refuseNextTo: Set<string>;
}

/** An SMTP server in this process that keeps every message it is given. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const refuseNextTo = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const refused = session.envelope.rcptTo.find((recipient) => refuseNextTo.delete(recipient.address));
        if (refused) {
          callback(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 }));
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.server.address() as AddressInfo).port, received, refuseNextTo };
}

/** Delivers the outbox until a matching message has arrived over SMTP, or gives up after `timeoutMs`. */
export async function waitForMessage(
  ferry: TestApp,
  received: ReceivedMail[],
  isWanted: (mail: ReceivedMail) => boolean,
  timeoutMs = 10_000,
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    await ferry.jobs.drain(MAIL_DELIVERY_JOB);
    const message = received.find(isWanted);
    if (message) {
      return message;
    }
    await sleep(50);
  }
  throw new Error(`No matching mail arrived over SMTP within ${timeoutMs} ms`);
}
